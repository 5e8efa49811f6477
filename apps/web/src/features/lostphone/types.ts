import type { Device } from '@escudo/contract';

/**
 * What the shell hands the lostphone dialogs. Its own module, so that the lazily loaded dialogs and
 * the feature's index (which loads them) do not import each other.
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
