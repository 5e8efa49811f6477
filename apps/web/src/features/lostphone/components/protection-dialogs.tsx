import { Fragment } from 'react';
import type { ProtectionDialogsProps } from '../../../lib/protection-dialogs.ts';
import { LockDialog } from './lock-dialog.tsx';
import { LostPhoneDialog } from './lost-phone-dialog.tsx';
import { WipeDialog } from './wipe-dialog.tsx';

/**
 * All three dialogs stay mounted once one opened, each keeping its state while closed (a lost-mode wait
 * goes on; the wipe dialog resets 1 s after closing, spec 4). Another device starts them afresh (`key`).
 */
export function ProtectionDialogs({ action, open, device, onClose }: ProtectionDialogsProps) {
  if (!device) return null;
  return (
    <Fragment key={device.id}>
      <LockDialog device={device} open={open && action === 'lock'} onClose={onClose} />
      <LostPhoneDialog device={device} open={open && action === 'lost'} onClose={onClose} />
      <WipeDialog device={device} open={open && action === 'wipe'} onClose={onClose} />
    </Fragment>
  );
}
