import { cancelCommand } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import * as commands from './commands.service.ts';

export function registerCommandRoutes(route: Route, ctx: AppContext): void {
  route(cancelCommand, async ({ auth, body }) => ({
    command: await commands.cancelCommand(ctx, auth.userId, body.command_id),
  }));
}
