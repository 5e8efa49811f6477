/**
 * Every feature of the server, by its manifest (lib/feature.ts; decision 054): the one list the
 * assembly loops over. Adding a feature is its folder and one line here.
 *
 * The order is the order of the data export's files and of LEEME.txt's paragraphs (a later feature
 * may add its part to a file an earlier one began: the phones' orders go into dispositivos.json after
 * devices wrote it); the panel's files (`web`) answer every other GET, so they come last.
 */
import type { Feature } from '../lib/feature.ts';
import type { FeaturePersonalData } from '../lib/personal-data.ts';
import { accountsFeature } from '../features/accounts/accounts.feature.ts';
import { authFeature } from '../features/auth/auth.feature.ts';
import { twoFactorFeature } from '../features/two-factor/two-factor.feature.ts';
import { devicesFeature } from '../features/devices/devices.feature.ts';
import { commandsFeature } from '../features/commands/commands.feature.ts';
import { lostphoneFeature } from '../features/lostphone/lostphone.feature.ts';
import { trackingFeature } from '../features/tracking/tracking.feature.ts';
import { paymentsFeature } from '../features/payments/payments.feature.ts';
import { networkFeature } from '../features/network/network.feature.ts';
import { salesFeature } from '../features/sales/sales.feature.ts';
import { atencionesFeature } from '../features/atenciones/atenciones.feature.ts';
import { alertsFeature } from '../features/alerts/alerts.feature.ts';
import { activityFeature } from '../features/activity/activity.feature.ts';
import { usersFeature } from '../features/users/users.feature.ts';
import { geographyFeature } from '../features/geography/geography.feature.ts';
import { configFeature } from '../features/config/config.feature.ts';
import { plansFeature } from '../features/plans/plans.feature.ts';
import { sponsorsFeature } from '../features/sponsors/sponsors.feature.ts';
import { operatorsFeature } from '../features/operators/operators.feature.ts';
import { centralFeature } from '../features/central/central.feature.ts';
import { remindersFeature } from '../features/reminders/reminders.feature.ts';
import { exportFeature } from '../features/export/export.feature.ts';
import { deletionFeature } from '../features/deletion/deletion.feature.ts';
import { deviceRemovalFeature } from '../features/device-removal/device-removal.feature.ts';
import { accountReviewFeature } from '../features/account-review/account-review.feature.ts';
import { filesFeature } from '../features/files/files.feature.ts';
import { webFeature } from '../features/web/web.feature.ts';
import { findOpenRouteIds } from '../features/tracking/tracking.service.ts';
import { findAlertEmail } from '../features/alerts/alerts.emails.ts';
import { findLostPhoneEmail } from '../features/lostphone/lost-mode-notice.ts';

/** The e-mails to a security network that are tried again until they are sent (network/mail-network.ts). */
export const networkEmails = { alert: findAlertEmail, lostPhone: findLostPhoneEmail };

export const features: Feature[] = [
  accountsFeature,
  authFeature,
  twoFactorFeature,
  devicesFeature,
  // an order to start tracking is told the route it opens, which tracking (above commands) keeps
  commandsFeature({ openRoutesOf: findOpenRouteIds }),
  lostphoneFeature,
  trackingFeature,
  paymentsFeature,
  networkFeature(networkEmails),
  salesFeature,
  atencionesFeature,
  alertsFeature,
  activityFeature,
  usersFeature,
  geographyFeature,
  configFeature,
  plansFeature,
  sponsorsFeature,
  operatorsFeature,
  centralFeature,
  remindersFeature,
  exportFeature,
  deletionFeature,
  deviceRemovalFeature,
  accountReviewFeature,
  filesFeature,
  webFeature,
];

/** every feature's declaration of personal data, in the order above */
export const personalData: FeaturePersonalData[] = features.flatMap((feature) =>
  feature.data ? [{ feature: feature.name, ...feature.data }] : [],
);
