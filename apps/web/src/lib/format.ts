import type { Device } from '@escudo/contract';

/** Up to two initials for an avatar without picture: "María José Pérez" gives "MJ". */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.slice(0, 2).map((word) => word.charAt(0).toLocaleUpperCase('es-CL'));
  return initials.join('') || '?';
}

/** "Samsung Galaxy de Ana (SM-A546E)" style label of spec 2: brand, name and model. */
export function formatDeviceLabel(device: Device): string {
  return `${device.device_brand} ${device.device_name} (${device.device_model})`;
}

/** Fills `{name}` placeholders of a texts catalogue entry. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

// spec 2 (Tracking, Information): dates read DD-MM-YYYY HH:mm, in Chile's time whatever the browser's
const chileDateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-03-05T14:07:00Z" gives "05-03-2026 11:07" (America/Santiago); '' for an invalid date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(chileDateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}`;
}
