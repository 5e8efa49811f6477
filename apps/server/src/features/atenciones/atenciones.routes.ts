import type { FastifyInstance } from 'fastify';
import {
  addAtencionNote,
  closeAtencion,
  getAtencionDetail,
  getOperatorAtencion,
  getPublicEvidence,
  getUserAtenciones,
  listOperatorAtenciones,
  openAtencion,
  revokeShare,
  shareEvidence,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Authenticators, Route } from '../../lib/http/routes.ts';
import * as atenciones from './atenciones.service.ts';
import { registerEvidenceUpload } from './evidence-upload.ts';

export async function registerAtencionRoutes(
  app: FastifyInstance,
  route: Route,
  ctx: AppContext,
  authenticateUser: NonNullable<Authenticators['user']>,
): Promise<void> {
  // the operators' side
  route(openAtencion, ({ auth, body }) => atenciones.openAtencion(ctx, auth.userId, body.email));
  route(addAtencionNote, ({ auth, body }) => atenciones.addNote(ctx, auth.userId, body));
  await registerEvidenceUpload(app, ctx, authenticateUser);
  route(closeAtencion, ({ auth, body }) => atenciones.closeAtencion(ctx, auth.userId, body.atencion_id));
  route(listOperatorAtenciones, ({ auth, body }) => atenciones.listForOperators(ctx, auth.userId, body));
  route(getOperatorAtencion, ({ auth, body }) =>
    atenciones.operatorDetail(ctx, auth.userId, body.atencion_id),
  );

  // the customer's side
  route(getUserAtenciones, ({ auth, body }) => atenciones.listForCustomer(ctx, auth.userId, body));
  route(getAtencionDetail, ({ auth, body }) => atenciones.customerDetail(ctx, auth.userId, body.atencion_id));
  route(shareEvidence, ({ auth, body }) => atenciones.shareEvidence(ctx, auth.userId, body));
  route(revokeShare, ({ auth, body }) => atenciones.revokeShare(ctx, auth.userId, body.atencion_id));
  route(getPublicEvidence, ({ request, reply }) => {
    // the link is a secret, and can be revoked at any moment: never cached
    void reply.header('cache-control', 'no-store');
    const { token } = request.params as { token?: string };
    return atenciones.publicEvidence(ctx, token ?? '');
  });
}
