/**
 * A feature's manifest (decision 054): everything the assembly needs of it, in one place of its own
 * (`features/<name>/<name>.feature.ts`). The assembly (app/features.ts) lists the manifests and
 * loops over them to register routes and realtime messages, subscribe to events, schedule jobs,
 * offer admin commands and hand every declaration of personal data to the export, the deletion and
 * the phone removal, so that adding a feature touches its own folder and one line there.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminCommand } from './admin-command.ts';
import type { AppContext } from './context.ts';
import type { Authenticators, Route } from './http/routes.ts';
import type { JobDefinition, JobRunner } from './jobs/jobs.ts';
import type { PersonalData } from './personal-data.ts';
import type { RealtimeMessages } from './realtime/messages.ts';
import type { Limit } from './throttle/throttle.ts';

/** What a feature's routes are registered with. */
export interface RouteSetup {
  /** for what the contract's `route` cannot say (uploads, redirects, the panel's files) */
  app: FastifyInstance;
  route: Route;
  ctx: AppContext;
  /** the session check, for routes registered outside `route` (an upload's own handler) */
  authenticateUser: NonNullable<Authenticators['user']>;
  /** the scheduled jobs of this process: `trigger` runs one now */
  jobs: JobRunner;
}

export interface Feature {
  /** kebab-case, its folder's name */
  name: string;
  /** its HTTP routes, each from the contract */
  routes?(setup: RouteSetup): void | Promise<void>;
  /** its handlers of the contract's incoming realtime messages */
  messages?(messages: RealtimeMessages, ctx: AppContext): void;
  /** its reactions to other features' events (lib/events.ts) */
  subscribe?(ctx: AppContext): void;
  /** its scheduled work, run once across the server processes (lib/jobs) */
  jobs?: JobDefinition[];
  /** its commands of `npm run admin` */
  admin?: AdminCommand[];
  /** its rate limits (lib/throttle), whose names the assembly checks are unique */
  limits?(ctx: AppContext): Limit[];
  /** the personal data it keeps (lib/personal-data.ts) */
  data?: PersonalData;
}

export const defineFeature = (feature: Feature): Feature => feature;
