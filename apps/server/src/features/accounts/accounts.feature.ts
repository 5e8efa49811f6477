/** The account itself (users and their current plan), below every feature that acts on one. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { accountsData } from './accounts.data.ts';
import { subscribeAccountsToSignUps } from './accounts.events.ts';

export const accountsFeature = defineFeature({
  name: 'accounts',
  subscribe: subscribeAccountsToSignUps,
  data: accountsData,
});
