/**
 * The network feature's public face (decision 015): the security network's dialog, which Home opens from
 * its tile. The app shell hands it to Home (features do not import each other, docs/style.md #1); its code,
 * zod included (the invitation form), downloads when it first opens.
 */
import { Suspense, useState } from 'react';
import { lazyThemed } from '../../components/lazy-themed.tsx';

const LazyDialog = lazyThemed(
  async () => (await import('./components/security-network-dialog.tsx')).SecurityNetworkDialog,
);

export interface SecurityNetworkDialogProps {
  open: boolean;
  onClose: () => void;
}

export function SecurityNetworkDialog(props: SecurityNetworkDialogProps) {
  const [hasOpened, setHasOpened] = useState(false);
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
