import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { commandSchema } from './commands.ts';
import { deviceIdSchema } from './device.ts';
import { latitudeSchema, longitudeSchema } from './lostphone.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { PG_INTEGER_MAX, idSchema } from './common.ts';

/**
 * Live tracking and route history (spec 2 Tracking, 3, 4; docs/device-protocol.md section 4). Turning
 * tracking on opens a route (a "tracking") and orders the phone to stream points to it; turning it off ends
 * the route.
 */

export const routePointSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  at: z.iso
    .datetime({ offset: true })
    .describe(
      "when the phone was there (ISO date-time); between the route's start and now, give or take TRACKING_POINT_CLOCK_SKEW_MS (10 minutes) for the phone's clock",
    ),
});
export type RoutePoint = z.infer<typeof routePointSchema>;

/** spec 3: Tracking */
export const trackingSchema = z.object({
  id: idSchema,
  device_id: z.string().describe("the phone's own identifier"),
  created_at: z.string().describe('ISO date-time the route started'),
  ended_at: z.string().nullable().describe('ISO date-time it ended; null while tracking is on'),
  route: z.array(routePointSchema).describe('the points, oldest first'),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** spec 7: trackingStatus 1 turns tracking on, 2 off */
export const trackingStatusSchema = z.union([z.literal(1), z.literal(2)]);

export const changeTrackingStatus = defineEndpoint({
  ...routes.changeTrackingStatus,
  summary:
    "Turns live tracking on (1: opens a route and orders the phone to stream points; refused FEATURE_NOT_IN_PLAN when the account's plan does not include tracking) or off (2: ends the route; always allowed)",
  body: z.strictObject({ device_id: deviceIdSchema, trackingStatus: trackingStatusSchema }),
  response: z.object({
    status: trackingStatusSchema.describe('the tracking status now'),
    tracking: trackingSchema.nullable().describe('the active route (on) or the one just ended (off)'),
    command: commandSchema.nullable().describe('the order sent to the phone; null when nothing changed'),
  }),
});

export const getTrackings = defineEndpoint({
  ...routes.getTrackings,
  summary: "A device's routes, newest first, paged; the active one (if any) comes first",
  body: z.strictObject({
    device_id: deviceIdSchema,
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
    page: z.number().int().min(1).max(PG_INTEGER_MAX).default(1),
  }),
  response: z.object({
    tracking: z.array(trackingSchema),
    total_trackings: z.number().int(),
    active: trackingSchema.nullable().describe('the route being recorded now, whatever the page'),
  }),
});
