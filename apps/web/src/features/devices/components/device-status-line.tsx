import type { UserDevice } from '@escudo/contract';
import { fillText } from '../../../lib/format.ts';
import { useRealtimeLink } from '../../../lib/realtime/use-realtime.ts';
import { useMinuteClock } from '../../../lib/use-minute-clock.ts';
import { formatLastSeen } from '../format-last-seen.ts';
import { devicesTexts as t } from '../texts.ts';
import './device-status-line.css';

type DeviceState = Pick<UserDevice, 'online' | 'last_seen_at' | 'battery' | 'charging' | 'network'>;

/**
 * A phone's last state under its model in the sidebar (decision 042): "En línea" with a green
 * dot, or its last connection; then its battery and network when it reported them. The state comes
 * with the user's details and is replaced live by the server's `deviceStatus` (the realtime link
 * stays open while a row shows it); the relative time follows one shared minute clock.
 */
export function DeviceStatusLine({ device }: { device: DeviceState }) {
  useRealtimeLink();
  const now = useMinuteClock();
  const parts = [describeBattery(device), device.network ? t.networks[device.network] : null].filter(
    (part) => part !== null,
  );
  return (
    <span className="device-status-line">
      {device.online ? (
        <span className="device-status-online">
          <span className="device-status-dot" aria-hidden="true" />
          {t.online}
        </span>
      ) : (
        <span>{device.last_seen_at ? formatLastSeen(device.last_seen_at, now) : t.neverSeen}</span>
      )}
      {parts.map((part) => (
        <span key={part}>{` · ${part}`}</span>
      ))}
    </span>
  );
}

/** "Batería 42 %, cargando", "Batería 42 %", "Cargando", or null when the phone said nothing of it */
function describeBattery({ battery, charging }: DeviceState): string | null {
  if (battery === null) return charging ? t.chargingNoLevel : null;
  const level = fillText(t.battery, { percent: battery });
  return charging ? `${level}, ${t.charging}` : level;
}
