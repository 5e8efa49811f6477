import { describe, expect, it } from 'vitest';
import { MAP_CENTER } from '@escudo/contract';
import {
  SANTIAGO_RADIUS_M,
  createWalk,
  distanceM,
  driftFrom,
  moveM,
  randomPointInSantiago,
  seededRandom,
} from './locations.ts';

describe('distances', () => {
  it('measures a known distance: Plaza de Armas to Plaza Baquedano is about 1.5 km', () => {
    const plazaDeArmas = { lat: -33.4378, lng: -70.6504 };
    const baquedano = { lat: -33.4369, lng: -70.6345 };
    expect(distanceM(plazaDeArmas, baquedano)).toBeGreaterThan(1400);
    expect(distanceM(plazaDeArmas, baquedano)).toBeLessThan(1600);
  });

  it('moves the asked distance', () => {
    expect(distanceM(MAP_CENTER, moveM(MAP_CENTER, 500, 1))).toBeCloseTo(500, 0);
  });
});

describe('lost-mode locations', () => {
  it('stay within about 3 km of Santiago centre, report after report', () => {
    const random = seededRandom(7);
    let here = randomPointInSantiago(random);
    for (let i = 0; i < 2000; i += 1) {
      expect(distanceM(MAP_CENTER, here)).toBeLessThanOrEqual(SANTIAGO_RADIUS_M + 1);
      const next = driftFrom(here, random);
      // a phone in a pocket between two reports: a few hundred metres at most
      expect(distanceM(here, next)).toBeLessThanOrEqual(401);
      here = next;
    }
  });

  it('spread over the area rather than sitting on the centre', () => {
    const random = seededRandom(1);
    const distances = Array.from({ length: 500 }, () => distanceM(MAP_CENTER, randomPointInSantiago(random)));
    expect(Math.max(...distances)).toBeGreaterThan(2500);
    expect(Math.min(...distances)).toBeLessThan(500);
  });
});

describe('createWalk', () => {
  it('walks through Santiago a few metres at a time', () => {
    const walk = createWalk(42);
    let last = walk.next().value;
    for (let i = 0; i < 5000; i += 1) {
      const next = walk.next().value;
      const step = distanceM(last, next);
      expect(step).toBeGreaterThan(2);
      expect(step).toBeLessThan(12);
      // never further than the edge of the area plus the turn back
      expect(distanceM(MAP_CENTER, next)).toBeLessThan(SANTIAGO_RADIUS_M + 200);
      last = next;
    }
  });

  it('goes somewhere: after an hour at walking pace it is not where it started', () => {
    const walk = createWalk(3);
    const start = walk.next().value;
    let here = start;
    for (let i = 0; i < 720; i += 1) here = walk.next().value;
    expect(distanceM(start, here)).toBeGreaterThan(100);
  });

  it('is repeatable with a seed and different without one', () => {
    const take = (walk: Generator<{ lat: number; lng: number }>) =>
      Array.from({ length: 5 }, () => walk.next().value);
    expect(take(createWalk(9))).toEqual(take(createWalk(9)));
    expect(take(createWalk(9))).not.toEqual(take(createWalk(10)));
  });
});
