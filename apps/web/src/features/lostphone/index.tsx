// Remote lock, lost mode and wipe (spec 2 Modals, 4), opened from Home's tiles through the app shell
// (features do not import each other, docs/style.md #1). Their code, and socket.io-client, loads on first open.
import { Suspense, useState } from 'react';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { LoadingBackdrop } from '../../components/loading-backdrop.tsx';
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
    <Suspense fallback={props.open ? <LoadingBackdrop onClose={props.onClose} /> : null}>
      <LazyProtectionDialogs {...props} />
    </Suspense>
  );
}
