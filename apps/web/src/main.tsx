import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/base.css';
import { App } from './app/app.tsx';
import { authToken } from './lib/auth-token.ts';
import { queryClient } from './lib/query-client.ts';
import { userQueryOptions } from './lib/session/user-details.ts';
import { prefetchNextAfterLoad } from './lib/prefetch-next.ts';

// With a stored session the first page is a signed-in one: its user details are asked for now, while
// the page's code downloads, not once the signed-in layout has arrived and rendered (issue 18).
if (authToken.get() !== null) void queryClient.prefetchQuery(userQueryOptions);

prefetchNextAfterLoad();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

// The first render as a transition: React renders it in slices of a few milliseconds, so that on a
// slow phone it is no long task of its own after the entry script's (issue 31, bench/RESULTS.md). The
// router buffers what changes before RouterProvider subscribes (React Router 7.18), so a route that
// finishes loading between this render and its commit is not missed.
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
