/**
 * The lostphone feature's public face: remote lock, lost mode and wipe of a phone (spec 2 Modals, 4).
 * Home shows the tiles; the app shell hands it these dialogs (features do not import each other,
 * STYLE.md #1). Their code, and socket.io-client with it, downloads when a dialog first opens.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { Suspense, lazy, useState } from 'react';
import { componentsTexts } from '../../components/texts.ts';
import type { ProtectionDialogsProps } from '../../lib/protection-dialogs.ts';

export type { ProtectionAction, ProtectionDialogsProps } from '../../lib/protection-dialogs.ts';

const LazyProtectionDialogs = lazy(async () => ({
  default: (await import('./components/protection-dialogs.tsx')).ProtectionDialogs,
}));

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

function LoadingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-label={componentsTexts.loading}>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label={componentsTexts.loading} />
      </DialogContent>
    </Dialog>
  );
}
