import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { BootLoader } from '../components/boot-loader.tsx';
import { lazyThemed } from '../components/lazy-themed.tsx';
import { prefetchOpenAlerts } from '../features/alerts/api/prefetch-open-alerts.ts';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { prefetchInformation } from '../features/information/api/prefetch-information.ts';
import { prefetchPlanes } from '../features/planes/api/prefetch-planes.ts';
import { prefetchTracking } from '../features/tracking/api/prefetch-tracking.ts';
import { nextTask } from '../lib/next-task.ts';
import { RedirectIfSignedIn, RequireSession } from './guards.tsx';
import { ShellIfSignedIn } from './layout/shell-if-signed-in.tsx';
import type { RouteHandle } from './route-handle.ts';

/**
 * The route table of spec 2, history-style paths. Login, plain HTML and CSS, is in the first
 * download; every other page, and the signed-in layout itself, is fetched when first visited, with
 * MUI's theme (but Register, the signed-in layout, Home, Planes, Tracking and Información, plain like
 * Login), so a visitor's first load stays small (docs/decisions/016, 017). A page whose data does not
 * depend on what it renders asks for it as its route starts (the `prefetch…` calls), while its code
 * downloads: render as you fetch (docs/decisions/048).
 */

/**
 * Route `lazy` for a module that exports the page as a named component: fetched with MUI's theme
 * (components/mui-theme.tsx), which the page renders in.
 */
function lazyPage<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return async () => {
    // Each route's code is asked for in a task of its own, not in the router's: a signed-in page starts two
    // routes (the layout and the page), and asking for a chunk adds a <link rel="modulepreload"> for each
    // file it imports. Together with the router's start that was one task long enough to hold up a tap on a
    // slow phone (bench/RESULTS.md, "the routes' code in tasks of their own").
    await nextTask();
    const [{ MuiTheme }, module] = await Promise.all([import('../components/mui-theme.tsx'), load()]);
    const Page = pick(module);
    return {
      Component: () => (
        <MuiTheme>
          <Page />
        </MuiTheme>
      ),
    };
  };
}

/**
 * Route `lazy` for a page in plain HTML and CSS (Register, the signed-in shell, Home), which does
 * without MUI's theme; what such a page draws with MUI comes through components/lazy-themed.tsx.
 */
function lazyPlainPage<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return async () => {
    await nextTask(); // as in lazyPage
    return { Component: pick(await load()) };
  };
}

// the error page is MUI's: fetched only when a route fails
const ThemedRouteErrorPage = lazyThemed(async () => (await import('./route-error-page.tsx')).RouteErrorPage);

function RootErrorBoundary() {
  return (
    <Suspense fallback={<BootLoader />}>
      <ThemedRouteErrorPage />
    </Suspense>
  );
}

const backToHome: RouteHandle = { showsBackButton: true };

const routes: RouteObject[] = [
  {
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: BootLoader,
    children: [
      {
        path: '/login',
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: '/register',
        lazy: lazyPlainPage(
          () => import('../features/auth/pages/register-page.tsx'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: '/resetpass/:token',
        lazy: lazyPage(
          () => import('../features/auth/pages/reset-password-page.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // the e-mailed link that keeps an account whose deletion was asked for: no sign-in (decision 038)
        path: '/cancelar-eliminacion/:token',
        lazy: lazyPage(
          () => import('../features/auth/pages/cancel-deletion-page.tsx'),
          (m) => m.CancelDeletionPage,
        ),
      },
      {
        // a verification link (decisions 034 and 050): no sign-in needed
        path: '/verificar-email/:token',
        lazy: lazyPage(
          () => import('../features/auth/pages/verify-email-page.tsx'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        // a change of e-mail (decision 050): the new address's link, which the page opens signed in…
        path: '/confirmar-email/:token',
        lazy: lazyPage(
          () => import('../features/auth/pages/confirm-email-page.tsx'),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        // …and the current address's, which confirms or cancels it without sign-in
        path: '/cambio-de-email/:token',
        lazy: lazyPage(
          () => import('../features/auth/pages/email-change-page.tsx'),
          (m) => m.EmailChangePage,
        ),
      },
      {
        // where the server sends a browser whose data export link no longer works (decision 037)
        path: '/descarga-vencida',
        lazy: lazyPage(
          () => import('../features/auth/pages/export-link-ended-page.tsx'),
          (m) => m.ExportLinkEndedPage,
        ),
      },
      {
        // the open alert route (spec 2): the security network's link, no sign-in
        path: '/alerta/:token',
        lazy: lazyPage(
          () => import('../features/alerts/pages/open-alert-page.tsx'),
          (m) => m.OpenAlertPage,
        ),
      },
      {
        // the shared evidence page (decision 019): the customer's link, no sign-in
        path: '/evidencia/:token',
        lazy: lazyPage(
          () => import('../features/atenciones/pages/evidence-page.tsx'),
          (m) => m.EvidencePage,
        ),
      },
      {
        // open, with the header and sidebar for a signed-in person (spec 2 Layout)
        element: <ShellIfSignedIn />,
        children: [
          {
            path: '/cookie',
            lazy: lazyPage(
              () => import('../features/cookie/pages/cookie-page.tsx'),
              (m) => m.CookiePage,
            ),
          },
          {
            path: '/store-redirect',
            lazy: lazyPage(
              () => import('../features/store/pages/store-redirect-page.tsx'),
              (m) => m.StoreRedirectPage,
            ),
          },
        ],
      },
      {
        // Everything else needs a session: without one, any path (known or not) shows Login.
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: [
          {
            // a reclaimed account's review, before anything else (decision 050): outside the layout,
            // whose pages it holds back until the owner has answered
            path: '/revisar-cuenta',
            lazy: lazyPage(
              () => import('./account-review-route.tsx'),
              (m) => m.AccountReviewRoute,
            ),
          },
          {
            // plain markup, like Home: MUI comes with the other pages and the dialogs (decision 017)
            lazy: lazyPlainPage(
              () => import('./layout/signed-in-layout.tsx'),
              (m) => m.SignedInLayout,
            ),
            children: [
              {
                index: true,
                lazy: lazyPlainPage(
                  () => {
                    // Home's banner of an open SOS alert comes with Home, not after it
                    prefetchOpenAlerts();
                    return import('./home-route.tsx');
                  },
                  (m) => m.HomeRoute,
                ),
              },
              {
                path: '/atenciones',
                handle: backToHome,
                lazy: lazyPage(
                  () => import('../features/atenciones/pages/atenciones-page.tsx'),
                  (m) => m.AtencionesPage,
                ),
              },
              {
                path: '/device-info',
                handle: backToHome,
                lazy: lazyPlainPage(
                  () => {
                    prefetchInformation();
                    return import('../features/information/pages/information-page.tsx');
                  },
                  (m) => m.InformationPage,
                ),
              },
              {
                path: '/planes',
                handle: backToHome,
                lazy: lazyPlainPage(
                  () => {
                    prefetchPlanes();
                    return import('../features/planes/pages/planes-page.tsx');
                  },
                  (m) => m.PlanesPage,
                ),
              },
              {
                path: '/tracking',
                handle: backToHome,
                lazy: lazyPlainPage(
                  () => {
                    prefetchTracking();
                    return import('../features/tracking/pages/tracking-page.tsx');
                  },
                  (m) => m.TrackingPage,
                ),
              },
              {
                // the account's security (docs/api.md): its sign-in, sessions, activity and data
                path: '/seguridad',
                handle: backToHome,
                lazy: lazyPage(
                  () => import('../features/security/pages/security-page.tsx'),
                  (m) => m.SecurityPage,
                ),
              },
              {
                path: '/sales',
                handle: backToHome,
                lazy: lazyPage(
                  () => import('../features/sales/pages/sales-page.tsx'),
                  (m) => m.SalesPage,
                ),
              },
              {
                // the central's page (docs/api.md, "Atenciones"): operators only, as the page itself says
                path: '/operador',
                lazy: lazyPage(
                  () => import('../features/operator/pages/operator-page.tsx'),
                  (m) => m.OperatorPage,
                ),
              },
              // spec 2: an unknown path with a session goes Home
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The panel's router. Making it starts the first route: its code and, on a signed-in page, its data requests
 * (the route's `lazy`); main.tsx calls this in a task of its own (bench/RESULTS.md, "the router's own task
 * and V8's compile hint").
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
