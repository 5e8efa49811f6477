/** Orders to a phone (lock, wipe, lost mode, tracking) and their life until the phone answers. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import type { OpenRoutesOf } from './command-delivery.ts';
import { registerCommandRoutes } from './commands.routes.ts';
import { registerCommandMessages } from './commands.messages.ts';
import { expireCommandsJob } from './commands.jobs.ts';
import { commandsData } from './commands.data.ts';

/** `openRoutesOf`: the tracking feature's look-up, which sits above this one (app/features.ts) */
export const commandsFeature = ({ openRoutesOf }: { openRoutesOf: OpenRoutesOf }) =>
  defineFeature({
    name: 'commands',
    routes: ({ route, ctx }) => registerCommandRoutes(route, ctx),
    messages: (messages, ctx) => registerCommandMessages(messages, ctx, { openRoutesOf }),
    jobs: [expireCommandsJob],
    data: commandsData,
  });
