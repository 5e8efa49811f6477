import { useId, type ReactNode } from 'react';
import type { UserDevice } from '@escudo/contract';
import { Icon } from '../../../components/icon.tsx';
import { fillText } from '../../../lib/format.ts';
import { selectDevice, useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useUser } from '../../../lib/session/user-details.ts';
import { devicesTexts } from '../texts.ts';
import { DeviceStatusLine } from './device-status-line.tsx';
import { DeviceMenu } from './device-menu.tsx';
import './device-list.css';

// the paths of @mui/icons-material's PhoneAndroid and PhoneIphone (MIT)
const ANDROID_ICON =
  'M16 1H8C6.34 1 5 2.34 5 4v16c0 1.66 1.34 3 3 3h8c1.66 0 3-1.34 3-3V4c0-1.66-1.34-3-3-3m-2 20h-4v-1h4zm3.25-3H6.75V4h10.5z';
const IPHONE_ICON =
  'M15.5 1h-8C6.12 1 5 2.12 5 3.5v17C5 21.88 6.12 23 7.5 23h8c1.38 0 2.5-1.12 2.5-2.5v-17C18 2.12 16.88 1 15.5 1m-4 21c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m4.5-4H7V4h9z';

/**
 * 'Dispositivos registrados' (spec 2): each device with brand, name and model; a click selects it for
 * the protection functions. The choice is remembered across reloads (lib/session/selected-device).
 * Plain markup drawn as MUI's dense List was (device-list.css): it is in the sidebar of every page.
 * `renderOrders` puts what waits for each phone under it: lostphone's orders, which the shell joins
 * to the list, since a feature does not import another (docs/style.md #1).
 */
export function DeviceList({
  devices,
  onSelect,
  renderOrders,
}: {
  devices: UserDevice[];
  onSelect?: () => void;
  renderOrders?: (device: UserDevice) => ReactNode;
}) {
  const selected = useSelectedDevice();
  const headingId = useId();
  // how many of the plan's places are taken: removing a phone frees one (decision 044)
  const maxDevices = useUser().data?.plan?.plan.max_devices;

  return (
    <section aria-labelledby={headingId} className="device-list">
      <h2 id={headingId} className="device-list-heading">
        {devicesTexts.heading}
      </h2>
      {maxDevices === undefined ? null : (
        <p className="device-list-slots">
          {fillText(devicesTexts.slots, { used: devices.length, max: maxDevices })}
        </p>
      )}
      {devices.length === 0 ? (
        <p className="device-list-empty">{devicesTexts.empty}</p>
      ) : (
        <ul>
          {devices.map((device) => {
            const isSelected = selected?.id === device.id;
            return (
              <li key={device.id}>
                <button
                  type="button"
                  className={isSelected ? 'device-list-item is-selected' : 'device-list-item'}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => {
                    selectDevice(device);
                    onSelect?.();
                  }}
                >
                  <span className="device-list-icon">
                    {device.device_so === 'ios' ? (
                      <Icon path={IPHONE_ICON} title={devicesTexts.ios} />
                    ) : (
                      <Icon path={ANDROID_ICON} title={devicesTexts.android} />
                    )}
                  </span>
                  <span className="device-list-text">
                    <span className="device-list-name">{`${device.device_brand} ${device.device_name}`}</span>
                    <span className="device-list-model">{device.device_model}</span>
                    <DeviceStatusLine device={device} />
                  </span>
                </button>
                <DeviceMenu device={device} />
                {renderOrders?.(device)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
