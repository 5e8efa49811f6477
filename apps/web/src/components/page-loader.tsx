import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { componentsTexts } from './texts.ts';

/** A spinner filling the space its content will take, so nothing jumps when it arrives. */
export function PageLoader({ minHeight = '60vh', label }: { minHeight?: string | number; label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight,
      }}
    >
      <CircularProgress aria-label={label ?? componentsTexts.loading} />
      {label ? <Box component="span">{label}</Box> : null}
    </Box>
  );
}
