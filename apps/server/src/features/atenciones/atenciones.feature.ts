/** The central's atenciones: opened by an operator, with notes, videos and shared evidence links. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerAtencionRoutes } from './atenciones.routes.ts';
import { deleteEndedEvidenceLinksJob } from './atenciones.jobs.ts';
import { atencionesData } from './atenciones.data.ts';

export const atencionesFeature = defineFeature({
  name: 'atenciones',
  routes: ({ app, route, ctx, authenticateUser }) =>
    registerAtencionRoutes(app, route, ctx, authenticateUser),
  jobs: [deleteEndedEvidenceLinksJob],
  data: atencionesData,
});
