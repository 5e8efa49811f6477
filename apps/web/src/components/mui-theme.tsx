import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../lib/theme.ts';

/**
 * MUI's theme. Every page but Login renders inside it (app/router.tsx's lazyPage); Login is plain
 * HTML and CSS, so that MUI stays out of the first download (docs/decisions/016). The page-wide CSS
 * MUI's CssBaseline gave is app/base.css, loaded with the first page. Import this file only from
 * lazily loaded modules.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
