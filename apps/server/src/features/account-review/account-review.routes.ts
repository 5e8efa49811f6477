import { accountReview, accountReviewDecide, accountReviewPassword } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { chooseReviewPassword, decideReviewItem, getAccountReview } from './account-review.service.ts';

export function registerAccountReviewRoutes(route: Route, ctx: AppContext): void {
  route(accountReview, ({ auth }) => getAccountReview(ctx, auth.userId));
  route(accountReviewPassword, ({ auth, body, request }) =>
    chooseReviewPassword(ctx, auth, body, clientOriginOf(request)),
  );
  route(accountReviewDecide, ({ auth, body, request }) =>
    decideReviewItem(ctx, auth, body, clientOriginOf(request)),
  );
}
