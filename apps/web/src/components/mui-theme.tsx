import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../lib/theme.ts';

/**
 * MUI's theme. The pages drawn with MUI render inside it (app/router.tsx's lazyPage), and the MUI
 * pieces of plain pages come with it (components/lazy-themed.tsx); Login, Register, Home, Planes,
 * Tracking and Información are plain HTML and CSS, so that MUI stays off their first load
 * (docs/decisions/016, 017). The page-wide CSS
 * MUI's CssBaseline gave is app/base.css, loaded with the first page. Import this file only from
 * lazily loaded modules.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
