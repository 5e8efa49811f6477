import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { watchSessionChanges } from '../lib/session/watch-session.ts';
import { theme } from '../lib/theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchSessionChanges(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
