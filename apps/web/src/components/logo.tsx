import Box from '@mui/material/Box';
import { BRAND_NAME, BRAND_RED } from '../lib/brand.ts';
import { ShieldMark } from './shield-mark.tsx';

/** Shield plus wordmark. `onDark` is for the red header bar, `onLight` for white pages. */
export function Logo({ tone = 'onLight', size = 32 }: { tone?: 'onLight' | 'onDark'; size?: number }) {
  const isOnDark = tone === 'onDark';
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: isOnDark ? '#fff' : 'text.primary' }}
    >
      <ShieldMark
        size={size}
        shieldColor={isOnDark ? '#fff' : BRAND_RED}
        checkColor={isOnDark ? BRAND_RED : '#fff'}
      />
      <Box
        component="span"
        sx={{ fontWeight: 800, fontSize: size * 0.7, letterSpacing: '0.02em', lineHeight: 1 }}
      >
        {BRAND_NAME}
      </Box>
    </Box>
  );
}
