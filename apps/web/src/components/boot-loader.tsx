import { componentsTexts } from './texts.ts';

/**
 * The spinner shown while a page's code downloads, before MUI is there: plain HTML, styled by
 * app/base.css. PageLoader is the same inside pages.
 */
export function BootLoader() {
  return (
    <div className="boot-loader" role="status" aria-label={componentsTexts.loading}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
