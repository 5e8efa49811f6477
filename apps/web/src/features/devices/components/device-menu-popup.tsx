import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { Device } from '@escudo/contract';
import { devicesTexts as t } from '../texts.ts';
import { RemoveDeviceDialog } from './remove-device-dialog.tsx';
import { RenameDeviceDialog } from './rename-device-dialog.tsx';

/** The phone's menu (MUI's Menu at the three dots) and the dialog its choice opens. */
export function DeviceMenuPopup({
  device,
  anchor,
  onClose,
}: {
  device: Device;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const [dialog, setDialog] = useState<'rename' | 'remove' | null>(null);
  const choose = (next: 'rename' | 'remove') => {
    setDialog(next);
    onClose();
  };
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        <MenuItem onClick={() => choose('rename')}>{t.rename}</MenuItem>
        <MenuItem onClick={() => choose('remove')} sx={{ color: 'error.main' }}>
          {t.remove}
        </MenuItem>
      </Menu>
      {dialog === 'rename' ? <RenameDeviceDialog device={device} onClose={() => setDialog(null)} /> : null}
      {dialog === 'remove' ? <RemoveDeviceDialog device={device} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
