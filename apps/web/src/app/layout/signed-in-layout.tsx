import { Suspense, lazy, useDeferredValue, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { ThemedErrorState } from '../../components/themed-error-state.tsx';
import { describeErrorDetails, isApiRequestError } from '../../lib/api-client.ts';
import { useUser } from '../../lib/session/user-details.ts';
import { VerifyEmailBanner } from '../../features/verify-email/index.tsx';
import { ACCOUNT_REVIEW_PATH } from '../../features/account-review/index.ts';
import { appTexts } from '../texts.ts';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';

// the network's alerts, heard live on every signed-in page; with the realtime link, off the first load
const AlertNotifications = lazy(() => import('../../features/alerts/components/alert-notifications.tsx'));

/**
 * Header and sidebar around every signed-in page (spec 2, Layout). Pages render only once the user's
 * details are loaded, so they can rely on them (`useSignedInUser()`).
 */
export function SignedInLayout() {
  const userQuery = useUser();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // The page appears in a deferred render when the user arrives: React renders it in slices that
  // leave the main thread free between them, instead of one long task (decision 017: on a phone, the
  // page's MUI styling at once blocked input for a few hundred milliseconds).
  const showsPage = useDeferredValue(userQuery.isSuccess);

  // a reclaimed account's owner answers for what was there before, before anything else (decision 050)
  if (userQuery.data?.account_review_pending) return <Navigate to={ACCOUNT_REVIEW_PATH} replace />;

  let content;
  if (userQuery.isSuccess && showsPage) {
    content = (
      <>
        <VerifyEmailBanner />
        <Outlet />
      </>
    );
  } else if (userQuery.isError && !endsSession(userQuery.error)) {
    // MUI's, like every page's error state; the shell itself is plain markup (docs/decisions/017)
    content = (
      <ThemedErrorState
        title={appTexts.userLoadFailedTitle}
        message={describeErrorDetails(userQuery.error).join(' ')}
        onRetry={() => void userQuery.refetch()}
        isRetrying={userQuery.isFetching}
      />
    );
  } else {
    // loading, or a 401/403 while the page reloads towards Login
    content = <PageLoader />;
  }

  return (
    <div className="signed-in">
      <AppHeader onOpenMenu={() => setIsDrawerOpen(true)} isOperator={userQuery.data?.role === 'operator'} />
      <AppSidebar
        user={userQuery.data}
        isMobileOpen={isDrawerOpen}
        onMobileClose={() => setIsDrawerOpen(false)}
      />
      <main className="signed-in-main">
        <div className="app-header-spacer" />
        <div className="signed-in-content">{content}</div>
        {/* an operator belongs to no security network: the customers' alerts are not theirs (decision 036) */}
        {userQuery.isSuccess && userQuery.data.role !== 'operator' && (
          <Suspense fallback={null}>
            <AlertNotifications />
          </Suspense>
        )}
      </main>
    </div>
  );
}

function endsSession(error: unknown): boolean {
  return isApiRequestError(error) && (error.status === 401 || error.status === 403);
}
