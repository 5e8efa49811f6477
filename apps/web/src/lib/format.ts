import type { Device } from '@escudo/contract';
import { chileDateParts } from '@escudo/contract/browser';

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

/** "2026-03-05T14:07:00Z" gives "05-03-2026" (DD-MM-AAAA, Chile's calendar, whatever the browser's); '' for an invalid date. */
export function formatDate(iso: string): string {
  const part = chileDateParts(new Date(iso));
  return part ? `${part.day}-${part.month}-${part.year}` : '';
}

/**
 * A day the server already wrote in Chile's calendar, "2026-03-05", as the panel shows dates:
 * "05-03-2026". No date formatter is made, so a page that shows only such days (Planes) does not pay
 * for its first one (bench/RESULTS.md, "Planes without a date formatter"); anything else is shown as it came.
 */
export function formatCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/** "2026-03-05T14:07:00Z" gives "05-03-2026 11:07" (spec 2: Chile's time, whatever the browser's); '' for an invalid date. */
export function formatDateTime(iso: string): string {
  const part = chileDateParts(new Date(iso));
  return part ? `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}` : '';
}

/**
 * Pesos as spec 9 writes them: "$" and a dot every three digits ($29.940, and $2.990 too, which
 * es-ES's own grouping would leave as 2990). Planes and the sales panel use it.
 */
export function formatPesos(amount: number): string {
  return `$${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** A file size as a person reads it: "850 KB", "12,4 MB" (es-CL decimals). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('es-CL', { maximumFractionDigits: digits })} ${units[unit]}`;
}
