import { componentsTexts } from './texts.ts';

/**
 * A spinner filling the space its content will take, so nothing jumps when it arrives. Plain markup
 * with BootLoader's spinner (app/base.css): it is the first thing every signed-in page draws.
 */
export function PageLoader({ minHeight = '60vh', label }: { minHeight?: string | number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="page-loader" style={{ minHeight }}>
      <span className="spinner" role="progressbar" aria-label={label ?? componentsTexts.loading} />
      {label ? <span>{label}</span> : null}
    </div>
  );
}
