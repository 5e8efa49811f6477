/**
 * The server's environment, parsed once at start-up (docs/style.md #6). Nothing else reads process.env.
 * Every variable is optional: `npm start` works with none. Each is explained in /.env.example.
 * An empty string counts as missing, so `FOO=` in a .env file means "use the default".
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { COMMAND_PENDING_DAYS_DEFAULT } from '@escudo/contract';
import { maxConnectionsWithin, readOpenFilesLimit } from './open-files-limit.ts';

const optionalUrl = z.url().optional();

/** the process's `ulimit -n`, read once: it does not change while the process runs (decision 051) */
const openFilesLimit = readOpenFilesLimit();

/** an IPv4 or IPv6 address, optionally with a /prefix: what Fastify's trustProxy takes in a list */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (decision 031): which hops in front of us may say who the client is through
 * X-Forwarded-For. Unset trusts none (the socket's address is the client's); a whole number trusts
 * that many hops (1: one load balancer); otherwise a comma list of the proxies' addresses or CIDRs.
 * "true" (trust any sender) is refused: it is exactly what lets anyone pick their own address.
 */
const trustProxySchema = z
  .string()
  .transform((value, context): number | string[] => {
    const text = value.trim();
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (entries.length === 0 || bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `debe ser un número de saltos (p. ej. 1) o una lista de direcciones o CIDR separadas por comas${bad.length ? ` (no válidas: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

/** a yes/no variable: "true"/"false" or "1"/"0" (anything else is refused, not read as false) */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'debe ser true, false, 1 o 0' })
  .transform((value) => value === 'true' || value === '1');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * check every answer against the contract's zod schema as well as writing it with its compiled
     * serializer (decision 045); unset: on, but off with NODE_ENV=production, where it cost about a
     * sixth of user details' CPU
     */
    CHECK_RESPONSES: booleanFlag.optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe ser una URL postgres://')
      .optional(),
    /** PGlite only: 'relaxed' skips the disk sync of each commit (faster, not power-cut safe) */
    PGLITE_DURABILITY: z.enum(['durable', 'relaxed']).default('durable'),
    /** requests allowed to run at once before new ones wait (bounded wait, then 503) */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).optional(),
    MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(200),
    MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).default(2000),
    /**
     * when set, every scheduled job (lib/jobs) is due this often instead of its own interval (1 minute
     * to 1 hour): for tests and trials, never needed in production
     */
    JOBS_SWEEP_SECONDS: z.coerce.number().int().min(1).optional(),
    /**
     * when set, every durable event's delivery (lib/events.ts) is leased this long instead of its own
     * lease (30 s to 20 minutes), so that a row a dead process held goes to another sooner: for tests
     * of that, never needed in production, where a lease shorter than a delivery sends it twice
     */
    EVENT_LEASE_SECONDS: z.coerce.number().int().min(1).optional(),
    /** video uploads (multipart) received at once, in all and from one address; more get 503 (decision 031) */
    MAX_CONCURRENT_UPLOADS: z.coerce.number().int().min(1).default(8),
    MAX_CONCURRENT_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).default(2),
    /** the proxies allowed to name the client in X-Forwarded-For: unset = none (decision 031) */
    TRUST_PROXY: trustProxySchema,
    /**
     * HTTP timeouts (decision 031). Keep-alive outlives the 60 s idle timeout of common load balancers,
     * so that the balancer, not us, closes an idle connection (otherwise it may send a request on a
     * connection we are closing, and answer its client 502). A request's headers must arrive within
     * HTTP_HEADERS_TIMEOUT_MS of its first byte (of the accept, for a connection's first request):
     * a few seconds, whatever keep-alive is, since an idle keep-alive connection is not timed by it
     * (decision 051); a request body (or a video upload) that stops arriving, or an answer its client
     * stops reading, for HTTP_IDLE_TIMEOUT_MS is closed; HTTP_REQUEST_TIMEOUT_MS bounds a whole
     * request, long enough for a 200 MB video on a slow mobile link.
     */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 60_000),
    /** how often Node checks the headers and request timeouts (its default is 30 s; tests use less) */
    HTTP_TIMEOUT_CHECK_EVERY_MS: z.coerce.number().int().min(1).default(5_000),
    /**
     * connections open at once (decision 051): unset, the process's file descriptor limit (`ulimit
     * -n`) less a reserve for its own files and sockets (open-files-limit.ts); set, it must
     * be below that limit. Past it new connections are refused until others close
     */
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
    /**
     * per client address (an IPv6 one by its /64), 0 = no cap (decision 051): connections open at
     * once, generous because phones behind a mobile carrier's NAT share an address and each keeps its
     * realtime socket open; and connections still sending their first request's headers, small (a
     * browser opens about 6 at once). The proxies TRUST_PROXY lists are not capped; with a hop count
     * neither cap applies (every connection comes from a proxy, which caps its clients itself)
     */
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(1_000),
    HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: z.coerce.number().int().min(0).default(32),
    /** PostgreSQL only: a statement running longer is cancelled and its request answered 503 */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
    /** per source address: wrong passwords in 15 minutes, sign-ups and reset requests an hour (429) */
    SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    RESET_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    /** route-point messages being stored at once; more are refused SERVER_BUSY (the phone resends) */
    MAX_PENDING_ROUTE_WRITES: z.coerce.number().int().min(0).default(200),
    /** lost-mode photos kept per phone; past it the oldest go first (the panel lists the newest 200) */
    LOST_REPORT_MAX_PHOTOS_PER_DEVICE: z.coerce.number().int().min(1).default(200),
    /**
     * decision 043: days an order (lock, lost mode, wipe) waits for a phone that is
     * off before it expires unrun; tracking orders end with their route instead
     */
    COMMAND_PENDING_DAYS: z.coerce.number().int().min(1).max(30).default(COMMAND_PENDING_DAYS_DEFAULT),
    /**
     * route points and lost-mode reports (with their photos) older than this many
     * days are removed by the scheduled work (docs/privacy.md, Retention)
     */
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'debe ser una URL redis://')
      .optional(),
    /** signs realtime tokens and file links; required in production (see .env.example) */
    APP_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
    /** the prefix of the Redis channels the server processes of one deployment share (one per deployment) */
    REDIS_CHANNEL_PREFIX: z.string().default('escudo:realtime'),
    PUBLIC_URL: optionalUrl,
    BRAND_NAME: z.string().default('Escudo'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'debe ser una URL smtp:// o smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Escudo <no-responder@escudo.cl>'),
    /**
     * the referral commission of the sales summary (spec 3 referred_comision), percent of the referred
     * accounts' paid orders; the per-account detail uses spec 9's fixed 20 (decision 020)
     */
    SALES_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
    FLOW_API_URL: optionalUrl,
    FLOW_API_KEY: z.string().optional(),
    FLOW_SECRET_KEY: z.string().optional(),
    /** Google sign-in (decision 014): on only when both are set; the button is hidden otherwise */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** the OpenID issuer: Google's, or a local one in tests, or any OpenID Connect provider */
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps/details?id=cl.escudo.app'),
    APP_STORE_URL: z.url().default('https://apps.apple.com/cl/app/escudo/id0000000000'),
    APP_LINK_URL: z.string().default('escudo://app'),
    PRIVACY_URL: z.string().default('/legal/privacidad.html'),
    TERMS_URL: z.string().default('/legal/terminos.html'),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
    /** the demo account seeded outside production */
    DEMO_EMAIL: z.email().default('demo@escudo.cl'),
    DEMO_PASSWORD: z.string().min(8).default('escudo-demo'),
    /** the demo operator of the central seeded outside production: signs in to /operador */
    DEMO_OPERATOR_EMAIL: z.email().default('operador@escudo.cl'),
    DEMO_OPERATOR_PASSWORD: z.string().min(8).default('escudo-operador'),
    /**
     * the bearer token GET /metrics asks for (Prometheus' scrape config sends it); without it /metrics
     * answers 404. Long and random: it guards figures about every account's activity
     */
    METRICS_TOKEN: z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
    /**
     * on SIGTERM, how long requests and uploads already running may take before their connections are
     * cut; the process exits about a second after it at the latest (ours: 8 s fits orchestrators' 10 s)
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
    /** folder of the built panel; the server serves it with history fallback when it exists */
    WEB_DIST_DIR: z.string().optional(),
    /**
     * uploaded files (photos, avatars, videos) go to this S3-compatible bucket instead of
     * DATA_DIR/files (decision 028); the bucket must exist, and start-up checks that it answers
     */
    S3_BUCKET: z.string().optional(),
    /** the S3-compatible server's URL (MinIO, Ceph, R2…); none for AWS S3 itself */
    S3_ENDPOINT: optionalUrl,
    /** the bucket's region; S3-compatible servers usually take any, AWS S3 needs the bucket's own */
    S3_REGION: z.string().default('us-east-1'),
    /** the key pair the server signs its requests to the bucket with; both, whenever S3_BUCKET is set */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** true: `endpoint/bucket/key` URLs (MinIO and most local servers); false: `bucket.endpoint/key` */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.APP_SECRET, {
    path: ['APP_SECRET'],
    message: 'es obligatorio en producción',
  })
  // without them reset and invitation links would point at localhost and e-mails stay in a folder
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message: 'es obligatorio en producción (sin él los enlaces de los e-mails apuntarían a localhost)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL, {
    path: ['SMTP_URL'],
    message:
      'es obligatorio en producción (sin él los e-mails solo se guardarían en una carpeta del servidor)',
  })
  // every connection is a file descriptor, and the process needs some for its own files and sockets
  .superRefine((env, context) => {
    const max = env.HTTP_MAX_CONNECTIONS;
    if (max === undefined || openFilesLimit === null || max < openFilesLimit) return;
    context.addIssue({
      code: 'custom',
      path: ['HTTP_MAX_CONNECTIONS'],
      message: `debe ser menor que el límite de archivos abiertos del proceso (${openFilesLimit}, ulimit -n), que también cubre la base de datos, Redis y los archivos`,
    });
  })
  // without Flow's keys payments go to the built-in sandbox, which hands out plans for free (decision 008)
  .refine((env) => env.NODE_ENV !== 'production' || env.FLOW_API_KEY, {
    path: ['FLOW_API_KEY'],
    message: 'es obligatorio en producción (sin él los pagos irían al sandbox de pruebas)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.FLOW_SECRET_KEY, {
    path: ['FLOW_SECRET_KEY'],
    message: 'es obligatorio en producción (sin él los pagos irían al sandbox de pruebas)',
  })
  // one of the pair alone is a half-done setup: say so instead of silently hiding the button
  .refine((env) => !env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET, {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'falta: GOOGLE_CLIENT_ID está definido (Google sign-in necesita ambos)',
  })
  .refine((env) => !env.GOOGLE_CLIENT_SECRET || env.GOOGLE_CLIENT_ID, {
    path: ['GOOGLE_CLIENT_ID'],
    message: 'falta: GOOGLE_CLIENT_SECRET está definido (Google sign-in necesita ambos)',
  })
  // a bucket without its keys, or keys without a bucket, is a half-done setup: say what is missing
  .refine((env) => !env.S3_BUCKET || env.S3_ACCESS_KEY_ID, {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'falta: S3_BUCKET está definido (el bucket necesita S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY)',
  })
  .refine((env) => !env.S3_BUCKET || env.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'falta: S3_BUCKET está definido (el bucket necesita S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY)',
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY), {
    path: ['S3_BUCKET'],
    message: 'falta: hay variables S3_* definidas, pero sin S3_BUCKET los archivos irían a DATA_DIR/files',
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isProduction: env.NODE_ENV === 'production',
    CHECK_RESPONSES: env.CHECK_RESPONSES ?? env.NODE_ENV !== 'production',
    HTTP_MAX_CONNECTIONS: env.HTTP_MAX_CONNECTIONS ?? maxConnectionsWithin(openFilesLimit),
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  }));

export type Env = z.output<typeof envSchema>;

/** Parses an environment; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return result.data;
}
