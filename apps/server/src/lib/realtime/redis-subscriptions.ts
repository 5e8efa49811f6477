/**
 * The subscriptions of the realtime adapter, kept through a lost Redis connection (decision 060).
 *
 * `@socket.io/redis-adapter` subscribes to a room's channel when the room is made (a phone connects)
 * and unsubscribes when it empties, without waiting for Redis's answer. A subscription in flight when
 * the connection drops is refused, and `@redis/client` keeps no listener for a refused one: left
 * alone, the refusal ended the process (an unhandled rejection), and caught, the room would hear
 * nothing from the other processes once Redis is back. So the subscriber the adapter is given asks
 * again, once it is ready, for each channel whose subscription was refused, unless the room emptied
 * meanwhile; an unsubscription refused is asked again the same way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

/** Makes `subscriber`'s sharded (un)subscriptions be retried after a reconnection; returns it. */
export function keepSubscriptions<Client extends RedisClient>(
  subscriber: Client,
  log: FastifyBaseLogger,
): Client {
  const sSubscribe = subscriber.sSubscribe.bind(subscriber);
  const sUnsubscribe = subscriber.sUnsubscribe.bind(subscriber);
  /** what the adapter asked last for each channel, and must hold once Redis answers again */
  const wanted = new Map<string, () => Promise<unknown>>();
  /** the channels whose last request was refused */
  const refused = new Set<string>();

  const ask = (channel: string, request: () => Promise<unknown>) => {
    wanted.set(channel, request);
    refused.delete(channel);
    request().then(
      () => {
        // done: forget it unless a newer request for the channel came meanwhile
        if (wanted.get(channel) === request) wanted.delete(channel);
      },
      // the connection's loss is logged already (the client's 'error'), once, not once per channel
      () => {
        if (wanted.get(channel) === request) refused.add(channel);
      },
    );
  };

  subscriber.on('ready', () => {
    if (refused.size === 0) return;
    log.info({ channels: refused.size }, 'redis (realtime subscriber): refused subscriptions asked again');
    for (const channel of [...refused]) ask(channel, wanted.get(channel)!);
  });

  // the adapter calls these two without waiting (and so without catching); nothing else uses them
  subscriber.sSubscribe = ((channels: string, listener: never, bufferMode?: boolean) => {
    ask(channels, () => sSubscribe(channels, listener, bufferMode as never));
    return Promise.resolve();
  }) as unknown as Client['sSubscribe'];
  subscriber.sUnsubscribe = ((channels: string, listener?: never, bufferMode?: boolean) => {
    ask(channels, () => sUnsubscribe(channels, listener, bufferMode as never));
    return Promise.resolve();
  }) as unknown as Client['sUnsubscribe'];
  return subscriber;
}
