/**
 * Our shield mark (public/favicon.svg is the same drawing, public/favicon.png that drawing at 48 px).
 * Decorative: the text next to it names it.
 */
export function ShieldMark({
  size,
  shieldColor,
  checkColor,
}: {
  size: number;
  shieldColor: string;
  checkColor: string;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 3 7 12v18c0 15.6 10.6 26.7 25 31 14.4-4.3 25-15.4 25-31V12L32 3Z" fill={shieldColor} />
      <path
        d="m21.5 32.5 7 7 14-15"
        fill="none"
        stroke={checkColor}
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
