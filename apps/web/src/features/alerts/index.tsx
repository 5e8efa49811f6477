/** What the app shell puts together with other features (docs/style.md #1). */
import { Suspense } from 'react';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { useOpenAlerts } from './api/get-open-alerts.ts';

// MUI's filled Alert: fetched with MUI only while one of the owner's alerts is open, so that Home
// without one loads none of it (docs/decisions/017)
const Banner = lazyThemed(async () => (await import('./components/open-alert-banner.tsx')).OpenAlertBanner);

/** Home's banner of the owner's open alerts (open-alert-banner.tsx), or nothing. */
export function OpenAlertBanner() {
  const openAlerts = useOpenAlerts();
  if (!openAlerts.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
