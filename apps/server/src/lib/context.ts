import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './env.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { FileLinks } from './storage/signed-links.ts';
import type { Signer } from './crypto/signing.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { RealtimeEmitter } from './realtime/realtime-emitter.ts';
import type { EventBus } from './events.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { FeaturePersonalData } from './personal-data.ts';

/** What every feature's routes and services are given: built once by `buildContext` (src/context.ts). */
export interface AppContext {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** uploaded files (lost-mode photos), reached by browsers only through `fileLinks` */
  storage: FileStorage;
  fileLinks: FileLinks;
  /** signs the panel's realtime tokens (customToken) */
  panelTokenSigner: Signer;
  /** signs Google sign-in's short-lived cookie holding state, nonce and PKCE verifier (decision 014) */
  signInCookieSigner: Signer;
  /** derives the open alert links' tokens from each alert's nonce (alerts.service.ts) */
  alertLinkSigner: Signer;
  /** signs the 24-hour download links of data exports (export/export-link.ts) */
  exportLinkSigner: Signer;
  /** seals two-step sign-in's TOTP secrets at rest (AES-256-GCM; decision 035) */
  twoFactorSecrets: SecretBox;
  /** hashes two-step sign-in's recovery codes with a key the database does not hold (decision 035) */
  recoveryCodeSigner: Signer;
  /** messages to connected phones and panels */
  realtime: RealtimeEmitter;
  /** what features tell each other has happened (events.ts) */
  events: EventBus;
  /** work a request does not wait for, which shutdown waits for (background-tasks.ts) */
  background: BackgroundTasks;
  /** the Prometheus series features count in (metrics/metrics.ts, decision 030) */
  metrics: Metrics;
  /**
   * every feature's declaration of the personal data it keeps, in the order of the features
   * (app/features.ts): what the export, the deletion and the phone removal loop over
   */
  personalData: readonly FeaturePersonalData[];
  /** the clock, so that tests can move time (expiry, rate-limit windows) without waiting */
  now: () => Date;
}
