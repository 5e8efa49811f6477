# The production image (docs/deploy.md, decision 027): the compiled server on plain node, the built
# panel beside it, runtime packages only. Build: `docker build -t escudo .`; compose.yaml runs it.

# --- build: every package, then `npm run build` (panel and server), then drop the development ones
FROM node:24-bookworm-slim AS build
WORKDIR /app
# the manifests first, so that the install layer is reused while only sources change
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/phone/package.json apps/phone/
COPY e2e/package.json e2e/
COPY docs/package.json docs/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: what `node apps/server/dist/main.js` loads, owned by root and run as the unprivileged `node`
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# dist/ (the bundles), drizzle/ (the migrations) and package.json (how the bundles find drizzle/)
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
# the only folder the server writes to: admin socket, e-mail outbox without SMTP, files until S3
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself gets the stop signal (no npm or shell in between) and drains for SHUTDOWN_GRACE_MS (8 s),
# exiting 1.5 s after it at the latest: run the container with a stop timeout above that (compose.yaml
# sets stop_grace_period: 15s; Docker's default of 10 s leaves no margin)
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
