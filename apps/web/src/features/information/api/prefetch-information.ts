import { authToken } from '../../../lib/auth-token.ts';
import { configQueryOptions } from '../../../lib/config/get-config.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { prefetchForSelectedDevice } from '../../../lib/session/selected-device.ts';
import { lostPhoneInfoQueryOptions } from './get-lost-my-phone-info.ts';

/**
 * Asks for what Información shows as its route starts (app/router.tsx), while the page's code
 * downloads, rather than from the page's first render: the answers are there sooner, and the page's
 * first effects do not start requests or the realtime link on the main thread just after its first
 * paint (decision 048). The selected phone's reports are asked for only once its live reports are
 * followed (follow-lost-reports.ts), so none that arrives before the page mounts is lost. Light on
 * purpose: the entry script imports it, and the realtime client comes with the follower's own chunk.
 */
export function prefetchInformation(): void {
  if (authToken.get() === null) return;
  void queryClient.prefetchQuery(configQueryOptions);
  prefetchForSelectedDevice(
    async () => (await import('./follow-lost-reports.ts')).followLostReports,
    (device) => {
      // the page shows an iPhone's notice, with nothing to ask for
      if (device.device_so === 'android') {
        void queryClient.prefetchQuery(lostPhoneInfoQueryOptions(device.device_id));
      }
    },
  );
}
