import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { watchSessionChanges } from '../lib/session/watch-session.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchSessionChanges(), []);
  return (
    <QueryClientProvider client={queryClient}>
      {/* MUI's theme is not here: every page but Login gets it from app/mui-root.tsx (decision 016) */}
      {children}
    </QueryClientProvider>
  );
}
