/**
 * The export of a customer's data (decision 037): asking for it, its state, and the
 * download through its signed link. The download is a browser's GET from the e-mail, so it is
 * answered outside the JSON contract, as the file links are (files/files.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataExportLinkParamsSchema,
  dataExportLinkQuerySchema,
  dataExportStatus,
  requestDataExport,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import {
  DATA_EXPORT_DOWNLOAD_PREFIX,
  DATA_EXPORT_LINK_ENDED_PATH,
  isDataExportLinkValid,
} from './export-link.ts';
import {
  downloadFileNameOf,
  findDownloadableExport,
  getDataExportStatus,
  requestExport,
} from './export.service.ts';

export function registerExportRoutes(app: FastifyInstance, route: Route, ctx: AppContext): void {
  route(requestDataExport, ({ auth, body, request }) =>
    requestExport(ctx, auth, body, clientOriginOf(request)),
  );
  route(dataExportStatus, ({ auth }) => getDataExportStatus(ctx, auth.userId));

  app.withTypeProvider<ZodTypeProvider>().get(
    `${DATA_EXPORT_DOWNLOAD_PREFIX}:id`,
    {
      schema: {
        summary:
          "A customer's data export (ZIP), through the signed link e-mailed to them; 410 once expired or forged",
        tags: ['account'],
        params: dataExportLinkParamsSchema,
        querystring: dataExportLinkQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      // a person who followed the e-mail's link late gets the panel's page that says what to do; a
      // program gets the error as JSON
      const refuse = () =>
        (request.headers.accept ?? '').includes('text/html')
          ? reply.redirect(DATA_EXPORT_LINK_ENDED_PATH, 303)
          : Promise.reject(new AppError('EXPORT_LINK_INVALID'));
      if (!isDataExportLinkValid(ctx, id, expires, signature)) return refuse();
      const found = await findDownloadableExport(ctx, id, expires);
      if (!found) return refuse();
      const file = await ctx.storage.open(found.storageKey);
      if (!file) return refuse();
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${downloadFileNameOf(found.readyAt)}"`)
          // personal data: no shared cache keeps it, and the browser does not either
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      );
    },
  );
}
