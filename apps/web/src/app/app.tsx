import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import type { createAppRouter } from './router.tsx';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
