import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { BRAND_RED } from './brand.ts';

// Roboto cannot be downloaded here and would delay the first paint anyway: the system font stack
// looks native on every platform.
const systemFontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

// The pages and pieces drawn in plain CSS read the same values from app/base.css (:root): a change
// here is made there too.
export const theme = createTheme(
  {
    palette: {
      primary: { main: BRAND_RED },
      secondary: { main: '#263238' },
      background: { default: '#f5f5f6' },
    },
    typography: {
      fontFamily: systemFontStack,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  },
  // es locale for MUI's built-in texts (pagination, "Cerrar" of alerts...)
  esES,
);
