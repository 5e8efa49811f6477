import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';

/**
 * Renders a screen as the app does: the panel's own query client and theme, inside a router at
 * `path`, query string allowed (any other page renders nothing: `router.state.location` tells where
 * the screen went). `route` is the screen's route when it has parameters (`/alerta/:token`).
 */
export function renderScreen(screen: ReactElement, path = '/', route = path.split('?')[0]) {
  const router = createMemoryRouter(
    [
      // by default the route is the path without its query string, which the screen reads from the location
      { path: route, element: screen },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
