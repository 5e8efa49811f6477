/**
 * The server's environment, parsed once at start-up (docs/style.md #6). Nothing else reads process.env.
 * Every variable is optional: `npm start` works with none. Each is explained in /.env.example.
 * An empty string counts as missing, so `FOO=` in a .env file means "use the default".
 */
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.url().optional();

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
    /** per source address: wrong passwords in 15 minutes, sign-ups and reset requests an hour (429) */
    SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    RESET_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    /** route-point messages being stored at once; more are refused SERVER_BUSY (the phone resends) */
    MAX_PENDING_ROUTE_WRITES: z.coerce.number().int().min(0).default(200),
    /** lost-mode photos kept per phone; past it the oldest go first (the panel lists the newest 200) */
    LOST_REPORT_MAX_PHOTOS_PER_DEVICE: z.coerce.number().int().min(1).default(200),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'debe ser una URL redis://')
      .optional(),
    /** signs realtime tokens and file links; required in production (see .env.example) */
    APP_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
    /** the Redis stream the server processes of one deployment share (one per deployment) */
    REDIS_STREAM: z.string().default('escudo:realtime'),
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
    /** Google sign-in (issue 14): on only when both are set; the button is hidden otherwise */
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
    /** the demo operator of the central seeded outside production (issue 16): signs in to /operador */
    DEMO_OPERATOR_EMAIL: z.email().default('operador@escudo.cl'),
    DEMO_OPERATOR_PASSWORD: z.string().min(8).default('escudo-operador'),
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
  // without Flow's keys payments go to the built-in sandbox, which hands out plans for free (issue 12)
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
