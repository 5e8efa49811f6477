import { BRAND_NAME, BRAND_RED } from '../lib/brand.ts';
import { ShieldMark } from './shield-mark.tsx';

/**
 * Shield plus wordmark. `onDark` is for the red header bar, `onLight` for white pages. Plain markup:
 * it is in the header of every signed-in page (decision 017).
 */
export function Logo({ tone = 'onLight', size = 32 }: { tone?: 'onLight' | 'onDark'; size?: number }) {
  const isOnDark = tone === 'onDark';
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        color: isOnDark ? '#fff' : 'rgba(0, 0, 0, 0.87)',
      }}
    >
      <ShieldMark
        size={size}
        shieldColor={isOnDark ? '#fff' : BRAND_RED}
        checkColor={isOnDark ? BRAND_RED : '#fff'}
      />
      <span style={{ fontWeight: 800, fontSize: size * 0.7, letterSpacing: '0.02em', lineHeight: 1 }}>
        {BRAND_NAME}
      </span>
    </span>
  );
}
