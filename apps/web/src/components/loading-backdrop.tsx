import { componentsTexts } from './texts.ts';

/**
 * What a dialog shows while its code downloads (a lazily loaded MUI dialog on a slow network): the
 * dim backdrop with a white spinner (app/base.css), in plain markup so that MUI stays out of the
 * first load of the page that opens it (docs/decisions/016, 017). A tap on it closes, as on the
 * dialog's own backdrop.
 */
export function LoadingBackdrop({ onClose }: { onClose: () => void }) {
  return (
    <div className="loading-backdrop" onClick={onClose}>
      <span className="spinner" role="progressbar" aria-label={componentsTexts.loading} />
    </div>
  );
}
