import { updateAvatar, updateInfo, userDetails } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { getUserDetails } from './users.service.ts';
import { updateUserInfo } from './profile.service.ts';
import { updateAvatar as saveAvatar } from './avatar.service.ts';

export function registerUserRoutes(route: Route, ctx: AppContext): void {
  route(userDetails, async ({ auth }) => ({ user: await getUserDetails(ctx, auth.userId) }));
  route(updateInfo, async ({ auth, body }) => updateUserInfo(ctx, auth.userId, body));
  route(updateAvatar, async ({ auth, body }) => saveAvatar(ctx, auth.userId, body.avatar));
}
