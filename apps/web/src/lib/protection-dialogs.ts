import type { Device } from '@escudo/contract';

/**
 * The remote-protection dialogs (lock, lost phone, wipe) as Home opens them: Home's tiles choose the
 * action, the lostphone feature draws the dialogs, and the app shell joins the two. Shared here,
 * since a feature never imports another (docs/style.md #1), and so that the lazily loaded dialogs and the
 * lostphone index do not import each other.
 */
export type ProtectionAction = 'lock' | 'lost' | 'wipe';

export interface ProtectionDialogsProps {
  /** the dialog to show (the last one stays set while `open` turns false, for the closing animation) */
  action: ProtectionAction | null;
  open: boolean;
  /** the Android phone the orders go to */
  device: Device | null;
  onClose: () => void;
}
