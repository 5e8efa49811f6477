// Remote lock, lost mode and wipe (spec 2 Modals, 4), opened from Home's tiles through the app shell
// (features do not import each other, docs/style.md #1). Their code, and socket.io-client, loads on first open.
import { Suspense, useState } from 'react';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { componentsTexts } from '../../components/texts.ts';
import type { ProtectionDialogsProps } from '../../lib/protection-dialogs.ts';

export type { ProtectionAction, ProtectionDialogsProps } from '../../lib/protection-dialogs.ts';

const LazyProtectionDialogs = lazyThemed(
  async () => (await import('./components/protection-dialogs.tsx')).ProtectionDialogs,
);

export function ProtectionDialogs(props: ProtectionDialogsProps) {
  const [hasOpened, setHasOpened] = useState(false);
  // nothing to download before the person opens one of them
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened && !props.open) return null;
  return (
    <Suspense fallback={props.open ? <LoadingDialog onClose={props.onClose} /> : null}>
      <LazyProtectionDialogs {...props} />
    </Suspense>
  );
}

// a plain backdrop (app/base.css), not MUI's: MUI stays out of Home's first load (docs/decisions/016, 017)
function LoadingDialog({ onClose }: { onClose: () => void }) {
  return (
    <div className="loading-backdrop" onClick={onClose}>
      <span className="spinner" role="progressbar" aria-label={componentsTexts.loading} />
    </div>
  );
}
