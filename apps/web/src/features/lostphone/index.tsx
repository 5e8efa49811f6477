/**
 * The lostphone feature's public face: remote lock, lost mode and wipe of a phone (spec 2 Modals, 4).
 * Home shows the tiles; the app shell hands it these dialogs (features do not import each other,
 * STYLE.md #1). Their code, and socket.io-client with it, downloads when a dialog first opens.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Backdrop from '@mui/material/Backdrop';
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

// a backdrop, not a Dialog: MUI's Dialog stays out of Home's first load (docs/decisions/016)
function LoadingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Backdrop open onClick={onClose} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress aria-label={componentsTexts.loading} sx={{ color: '#fff' }} />
    </Backdrop>
  );
}
