/**
 * Believable places in Santiago (spec 9 map centre): lost-mode drift, a walk for live tracking
 * (docs/device-protocol.md section 4).
 */
import { MAP_CENTER, type Position } from '@escudo/contract';

/** ours: reports stay within about 3 km of the centre: Santiago Centro, Providencia, Ñuñoa… */
export const SANTIAGO_RADIUS_M = 3_000;
/** ours: between two lost-mode reports a phone moves up to this far */
const REPORT_DRIFT_MAX_M = 400;
/** ours: a walking person covers about 1.4 m/s, so about 7 m between two route points 5 s apart */
const WALK_STEP_M = 7;

const EARTH_RADIUS_M = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export type Random = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same walk, for tests and demos. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Great-circle distance in metres. */
export function distanceM(a: Position, b: Position): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metres` away from `from` towards `bearing` (radians, 0 = north, clockwise). */
export function moveM(from: Position, metres: number, bearing: number): Position {
  // a few kilometres: the flat-earth approximation is off by millimetres
  const dLat = (metres * Math.cos(bearing)) / EARTH_RADIUS_M;
  const dLng = (metres * Math.sin(bearing)) / (EARTH_RADIUS_M * Math.cos(toRadians(from.lat)));
  return { lat: from.lat + (dLat * 180) / Math.PI, lng: from.lng + (dLng * 180) / Math.PI };
}

// as moveM's bearing: north is 0, east is π/2
const bearingTo = (from: Position, to: Position) =>
  Math.atan2((to.lng - from.lng) * Math.cos(toRadians(from.lat)), to.lat - from.lat);

/** A random point within `radiusM` of Santiago's centre, uniform over the area. */
export function randomPointInSantiago(random: Random = Math.random, radiusM = SANTIAGO_RADIUS_M): Position {
  return moveM(MAP_CENTER, radiusM * Math.sqrt(random()), random() * 2 * Math.PI);
}

/** Where the phone is at the next lost-mode report: near the last one, never out of Santiago. */
export function driftFrom(last: Position, random: Random = Math.random): Position {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const next = moveM(last, REPORT_DRIFT_MAX_M * random(), random() * 2 * Math.PI);
    if (distanceM(MAP_CENTER, next) <= SANTIAGO_RADIUS_M) return next;
  }
  // the last point sits on the edge: step back towards the centre
  return moveM(last, REPORT_DRIFT_MAX_M * random(), bearingTo(last, MAP_CENTER));
}

/** Rounds to 6 decimals (about 10 cm), as a phone's location API would give. */
export const roundPosition = ({ lat, lng }: Position): Position => ({
  lat: Math.round(lat * 1e6) / 1e6,
  lng: Math.round(lng * 1e6) / 1e6,
});

/**
 * An endless walk through Santiago: consecutive points a few metres apart, heading changing slowly
 * (streets, corners), turning back towards the centre near the edge of the area.
 */
export function* createWalk(seed: number = Date.now()): Generator<Position, never, undefined> {
  const random = seededRandom(seed);
  let here = randomPointInSantiago(random, SANTIAGO_RADIUS_M * 0.8);
  let heading = random() * 2 * Math.PI;
  for (;;) {
    yield roundPosition(here);
    // now and then a corner (a quarter turn left or right), otherwise a slight drift
    heading += random() < 0.05 ? (random() < 0.5 ? -1 : 1) * (Math.PI / 2) : (random() - 0.5) * 0.3;
    if (distanceM(MAP_CENTER, here) > SANTIAGO_RADIUS_M) {
      // near the edge of the area, head home (with a little wobble so it does not look drawn)
      heading = bearingTo(here, MAP_CENTER) + (random() - 0.5) * 0.5;
    }
    here = moveM(here, WALK_STEP_M * (0.7 + 0.6 * random()), heading);
  }
}
