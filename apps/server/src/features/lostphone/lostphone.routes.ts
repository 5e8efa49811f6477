import {
  blockMyPhoneNotification,
  changeLostStatus,
  getDeviceCommands,
  getLostMyPhoneData,
  getLostMyPhoneInfo,
  lostMyPhoneSubscribeNotification,
  lostMyPhoneUnSubscribeNotification,
  lostPhoneReport,
  wipePhoneDataNotification,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { findUserDevice } from '../devices/devices.service.ts';
import { listCommands } from '../commands/commands.service.ts';
import { targetOf } from '../commands/command-delivery.ts';
import * as lostPhone from './lostphone.service.ts';

export function registerLostPhoneRoutes(route: Route, ctx: AppContext): void {
  route(getLostMyPhoneData, ({ auth }) => lostPhone.getLostData(ctx, auth.userId));
  route(lostMyPhoneSubscribeNotification, ({ auth, body, request }) =>
    lostPhone.orderLostMode(ctx, auth.userId, body.device_id, true, clientOriginOf(request)),
  );
  route(lostMyPhoneUnSubscribeNotification, ({ auth, body, request }) =>
    lostPhone.orderLostMode(ctx, auth.userId, body.device_id, false, clientOriginOf(request)),
  );
  route(blockMyPhoneNotification, ({ auth, body, request }) =>
    lostPhone.orderLock(ctx, auth.userId, body.device_id, body.pin, clientOriginOf(request)),
  );
  route(wipePhoneDataNotification, ({ auth, body, request }) =>
    lostPhone.orderWipe(ctx, auth.userId, body.device_id, clientOriginOf(request)),
  );
  route(changeLostStatus, ({ auth, body }) =>
    lostPhone.changeLostStatus(ctx, auth.userId, body.device_id, body.lost),
  );
  route(getLostMyPhoneInfo, ({ auth, body }) => lostPhone.getLostInfo(ctx, auth.userId, body.device_id));
  route(getDeviceCommands, async ({ auth, body }) => {
    const device = await findUserDevice(ctx, auth.userId, { deviceId: body.device_id });
    return { commands: await listCommands(ctx, targetOf(device), body.limit) };
  });
  route(lostPhoneReport, ({ auth, body }) => lostPhone.storeLostReport(ctx, auth, body));
}
