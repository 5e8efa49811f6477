/**
 * A phone's last state (decision 042): what it reports in the `status` message (battery, charging,
 * network), when it was last connected, and its last known position, as the panel sees them.
 * docs/device-protocol.md section 2 says when a phone sends `status`.
 */
import { z } from 'zod';
import { deviceNetworks, devicePositionSources } from './constants.ts';

/** phone → server `status`: every field null when the phone cannot tell */
export const phoneStatusSchema = z.strictObject({
  battery: z.number().int().min(0).max(100).nullable().describe('battery level in percent, 0 to 100'),
  charging: z.boolean().nullable().describe('whether the phone is plugged in and charging'),
  network: z
    .enum(deviceNetworks)
    .nullable()
    .describe('how it reaches the internet: wifi, cellular (mobile data) or none'),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** The state of one device as the panel reads it (with userDetails, and live as `deviceStatus`). */
export const deviceStateFields = {
  online: z.boolean().describe('connected to the server now (to any server process)'),
  last_seen_at: z
    .string()
    .nullable()
    .describe('ISO date-time of its last connection or disconnection; null: never connected'),
  battery: z.number().int().nullable().describe('last reported battery level, percent; null: not reported'),
  charging: z.boolean().nullable().describe('last reported charging; null: not reported'),
  network: z.enum(deviceNetworks).nullable().describe('last reported network; null: not reported'),
  status_at: z.string().nullable().describe('ISO date-time of the last status stored; null: none yet'),
};

export const lastPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  at: z.string().describe('ISO date-time: when the phone was there'),
  source: z
    .enum(devicePositionSources)
    .describe('lost_report: a lost-mode report (Información); route_point: a live tracking route'),
});
export type LastPosition = z.infer<typeof lastPositionSchema>;
