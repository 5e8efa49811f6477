import { Suspense, useState } from 'react';
import type { Device } from '@escudo/contract';
import { Icon } from '../../../components/icon.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { fillText } from '../../../lib/format.ts';
import { devicesTexts as t } from '../texts.ts';
import './device-menu.css';

// the path of @mui/icons-material's MoreVert (MIT)
const MORE_ICON =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

// the menu and its dialogs (MUI) load when a menu is first opened: the sidebar is on every page's
// first render in plain markup (decision 017)
const DeviceMenuPopup = lazyThemed(() =>
  import('./device-menu-popup.tsx').then((module) => module.DeviceMenuPopup),
);

/**
 * The three dots beside a phone of the sidebar (decision 044): 'Cambiar nombre' and 'Quitar
 * dispositivo'. Its own element of the row, after the button that selects the phone.
 */
export function DeviceMenu({ device }: { device: Device }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="device-menu-button"
        aria-label={fillText(t.menuLabel, { name: device.device_name })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setHasOpened(true);
        }}
      >
        <Icon path={MORE_ICON} />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <DeviceMenuPopup device={device} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
