import {
  addDeviceAlertPosition,
  closeAlert,
  closeDeviceAlert,
  getOpenAlerts,
  getNetworkOpenAlerts,
  getPublicAlert,
  openDeviceAlert,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import * as alerts from './alerts.service.ts';

export function registerAlertRoutes(route: Route, ctx: AppContext): void {
  route(openDeviceAlert, ({ auth, body }) => alerts.openAlert(ctx, auth, body));
  route(addDeviceAlertPosition, ({ auth, body }) => alerts.addPosition(ctx, auth, body));
  route(closeDeviceAlert, ({ auth, body }) =>
    alerts.closeAlert(ctx, { deviceRowId: auth.deviceRowId }, body.alert_id),
  );
  route(closeAlert, ({ auth, body }) => alerts.closeAlert(ctx, { userId: auth.userId }, body.alert_id));
  route(getOpenAlerts, ({ auth }) => alerts.listOpenAlerts(ctx, auth.userId));
  route(getNetworkOpenAlerts, ({ auth }) => alerts.listNetworkOpenAlerts(ctx, auth.userId));
  route(getPublicAlert, ({ request, reply }) => {
    // the page's data changes while the alert is open, and the link is a secret: never cached
    void reply.header('cache-control', 'no-store');
    const { token } = request.params as { token?: string };
    return alerts.getPublicAlert(ctx, token ?? '');
  });
}
