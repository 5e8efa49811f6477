import {
  aceptarInvitacion,
  eliminarDeRed,
  enviarInvitacion,
  getUserByCode,
  misGrupos,
  misInvitados,
  salirDeRed,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import type { Route } from '../../lib/http/routes.ts';
import {
  acceptInvitation,
  describeInvitation,
  leaveNetwork,
  listInvitees,
  listMemberships,
  removeMember,
  sendInvitation,
} from './network.service.ts';

export function registerNetworkRoutes(route: Route, ctx: AppContext): void {
  route(misInvitados, ({ auth }) => listInvitees(ctx, auth.userId));
  route(misGrupos, ({ auth }) => listMemberships(ctx, auth.userId));
  route(enviarInvitacion, ({ auth, body, request }) =>
    sendInvitation(ctx, auth.userId, body, clientOriginOf(request)),
  );
  route(aceptarInvitacion, ({ auth, body }) => acceptInvitation(ctx, auth.userId, body.security_code));
  route(eliminarDeRed, ({ auth, body }) => removeMember(ctx, auth.userId, body.id));
  route(salirDeRed, ({ auth, body }) => leaveNetwork(ctx, auth.userId, body.id));
  route(getUserByCode, ({ body }) => describeInvitation(ctx, body.code));
}
