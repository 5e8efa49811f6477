import {
  changeSalesStatus,
  getSalesData,
  getSalesResumen,
  getSalesStatus,
  getUserPaymentStatus,
  updateBankAccount,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import * as sales from './sales.service.ts';

export function registerSalesRoutes(route: Route, ctx: AppContext): void {
  route(getSalesStatus, ({ auth, body }) => sales.getSalesStatus(ctx, auth.userId, body));
  route(changeSalesStatus, ({ auth, body }) => sales.changeSalesStatus(ctx, auth.userId, body));
  route(getSalesData, ({ auth }) => sales.getSalesData(ctx, auth.userId));
  route(updateBankAccount, ({ auth, body }) => sales.updateBankAccount(ctx, auth.userId, body));
  route(getSalesResumen, ({ auth, body }) => sales.getSalesResumen(ctx, auth.userId, body.month));
  route(getUserPaymentStatus, ({ auth, body }) =>
    sales.getUserPaymentStatus(ctx, auth.userId, body.user_id, body.month),
  );
}
