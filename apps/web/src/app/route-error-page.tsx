import Box from '@mui/material/Box';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { appTexts } from './texts.ts';

/**
 * Shown when a route fails to render or its code cannot be downloaded (typically a new version was
 * deployed while the tab was open): reloading fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
      <ErrorState
        title={appTexts.pageLoadFailedTitle}
        message={appTexts.pageLoadFailedText}
        onRetry={() => window.location.reload()}
      />
    </Box>
  );
}
