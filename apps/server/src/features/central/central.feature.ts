/** The 24/7 central's live queue (decision 062). Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerCentralRoutes } from './central.routes.ts';
import { subscribeCentral } from './central.events.ts';
import { centralData } from './central.data.ts';
import { centralCommands } from './central.admin.ts';
import { centralEscalationJob } from './central.escalation.ts';

export const centralFeature = defineFeature({
  name: 'central',
  routes: ({ route, ctx }) => registerCentralRoutes(route, ctx),
  subscribe: subscribeCentral,
  data: centralData,
  admin: centralCommands,
  jobs: [centralEscalationJob],
});
