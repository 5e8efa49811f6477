/** The built panel, with its history fallback. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerWebApp } from './web-app.ts';

export const webFeature = defineFeature({
  name: 'web',
  // the panel's history fallback answers every other GET: registered last (app/features.ts)
  routes: ({ app, ctx }) => registerWebApp(app, ctx.env),
});
