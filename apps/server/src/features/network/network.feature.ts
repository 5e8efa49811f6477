/** The security network: the people who look after a customer, and the e-mails they get. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import type { FindNetworkEmail, NetworkEmailKind } from './mail-network.ts';
import { subscribeNetworkEmails } from './mail-network.ts';
import { registerNetworkRoutes } from './network.routes.ts';
import { subscribeNetworkToSignUps } from './network.events.ts';
import { networkLimits } from './network.limits.ts';
import { networkData } from './network.data.ts';

/**
 * `findEmail`: what each kind of e-mail to the network says belongs to the feature that raises it
 * (alerts, lost phone), which sits above this one: the assembly passes them in (app/features.ts)
 */
export const networkFeature = (findEmail: Record<NetworkEmailKind, FindNetworkEmail>) =>
  defineFeature({
    name: 'network',
    routes: ({ route, ctx }) => registerNetworkRoutes(route, ctx),
    subscribe(ctx) {
      subscribeNetworkToSignUps(ctx);
      subscribeNetworkEmails(ctx, findEmail);
    },
    limits: () => Object.values(networkLimits),
    data: networkData,
  });
