/**
 * A room's subscription in flight when Redis's connection drops (redis-subscriptions.ts): refused by
 * the client, it neither ends the process nor leaves the room deaf once Redis is back. Redis is a
 * test's own (it is paused and killed here); the PGlite project runs it, the PostgreSQL one needs no
 * second pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createClient } from 'redis';
import { createTestRedis, type TestRedis } from '../../../test/redis-server.ts';
import { keepSubscriptions } from './redis-subscriptions.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

describe.skipIf(isPostgresRun)('the realtime subscriber through a lost connection', () => {
  let redis: TestRedis;
  const clients: ReturnType<typeof createClient>[] = [];
  const client = async () => {
    const made = createClient({ url: redis.url, socket: { reconnectStrategy: () => 50 } });
    made.on('error', () => undefined);
    clients.push(made);
    await made.connect();
    return made;
  };

  beforeAll(async () => {
    redis = await createTestRedis();
  });
  afterAll(async () => {
    for (const made of clients) made.destroy();
    await redis?.stop();
  });

  /** a subscription to `channel` in flight (Redis paused) when Redis stops; Redis still stopped after */
  async function subscribedAsRedisStops(channel: string) {
    const subscriber = keepSubscriptions(await client(), pino({ level: 'silent' }));
    const heard: string[] = [];
    // the subscription stays in flight: Redis answers nobody while paused
    await (await client()).sendCommand(['CLIENT', 'PAUSE', '5000', 'ALL']);
    // as the adapter calls it when a room is made: neither awaited nor caught
    void subscriber.sSubscribe(channel, (message) => heard.push(String(message)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await redis.stop();
    return { subscriber, heard };
  }

  it('subscribes again once Redis is back to a channel whose subscription the lost connection refused', async () => {
    const { heard } = await subscribedAsRedisStops('escudo#/device#device:1#');
    await redis.start();

    const publisher = await client();
    await expect
      .poll(async () => {
        await publisher.sPublish('escudo#/device#device:1#', 'lock');
        return heard;
      })
      .toContain('lock');
  });

  it('does not subscribe again to a channel the adapter let go of while Redis was away', async () => {
    const { subscriber, heard } = await subscribedAsRedisStops('escudo#/device#device:2#');
    // the room emptied meanwhile (the phone went away)
    void subscriber.sUnsubscribe('escudo#/device#device:2#');
    await redis.start();

    const publisher = await client();
    // a channel nobody holds: SPUBLISH counts no receiver, however long it is asked
    await expect.poll(() => subscriber.isReady).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await publisher.sPublish('escudo#/device#device:2#', 'lock')).toBe(0);
    expect(heard).toEqual([]);
  });
});
