import { DEFAULT_PLAN_MONTHS } from '@escudo/contract/browser';
import { authToken } from '../../../lib/auth-token.ts';
import { configQueryOptions } from '../../../lib/config/get-config.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { planesQueryOptions } from './get-planes.ts';
import { toPayDataQueryOptions } from './get-to-pay-data.ts';

/**
 * Asks for the plan catalogue and the public settings as Planes' route starts (app/router.tsx), while
 * the page's code downloads, then for each plan's price at the period its card opens on: the cards
 * come sooner, and the page's first effects start no requests on the main thread just after its first
 * paint (decision 048). Light on purpose: the entry script imports it.
 */
export function prefetchPlanes(): void {
  if (authToken.get() === null) return;
  void queryClient.prefetchQuery(configQueryOptions);
  void queryClient.fetchQuery(planesQueryOptions).then(
    ({ planes }) => {
      for (const plan of planes) {
        void queryClient.prefetchQuery(
          toPayDataQueryOptions({ plan_id: plan.id, months_paid: DEFAULT_PLAN_MONTHS }),
        );
      }
    },
    // the page asks again and says what went wrong
    () => undefined,
  );
}
