import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/base.css';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { authToken } from './lib/auth-token.ts';
import { queryClient } from './lib/query-client.ts';
import { inNextTask } from './lib/next-task.ts';
import { prefetchNextAfterLoad } from './lib/prefetch-next.ts';
import { userQueryOptions } from './lib/session/user-details.ts';

// With a stored session the first page is a signed-in one: its user details are asked for now, while
// the page's code downloads, not once the signed-in layout has arrived and rendered (decision 017).
if (authToken.get() !== null) void queryClient.prefetchQuery(userQueryOptions);

prefetchNextAfterLoad();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

const root = createRoot(rootElement);

// On a slow phone the entry script's evaluation was one long task, two fifths of it making the router and
// starting its first route (the route's code and data requests). The router is made in a task of its own, so
// that neither is long enough to hold up a tap (bench/RESULTS.md, "the router's own task and V8's compile
// hint").
// The first render is a transition: React renders it in slices of a few milliseconds, no long task
// either. The router buffers what changes before RouterProvider subscribes (React Router 7.18), so a
// route that finishes loading between this render and its commit is not missed.
inNextTask(() => {
  const router = createAppRouter();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
