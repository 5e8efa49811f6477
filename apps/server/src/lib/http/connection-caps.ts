/**
 * Per-address caps on the HTTP server's connections (decision 051), so that one client address cannot
 * hold the descriptors every other client needs:
 * - connections open at once from one address (`maxOpenPerAddress`): generous, because phones on a
 *   mobile carrier share IPv4 addresses through its NAT and each keeps its realtime socket open;
 * - connections from one address still sending the headers of their first request
 *   (`maxSendingHeadersPerAddress`): small, because a real client sends its request as soon as it has
 *   connected, and a crowd of connections that never finish theirs is what a slowloris is.
 * A connection over a cap is reset as it is accepted, before Node's HTTP server gives it a parser, a
 * headers timer or any other state: a refusal costs an accept and a close. Addresses are counted by
 * `addressKeyOf` (an IPv6 client by its /64). The proxies TRUST_PROXY lists are not capped: they
 * speak for many clients, and cap each of them themselves (docs/deploy.md).
 *
 * "Still sending headers" is counted from the accept until the headers of the connection's first
 * request are all in: Node makes the request's IncomingMessage then (`HeadersCountedMessage`, given
 * to the server as its IncomingMessage class), for an upgrade as for any request, whoever handles it
 * afterwards (the realtime hub takes its long-polling requests before Fastify sees them). A later
 * request on the same keep-alive connection is left to the headers timeout alone: a client that
 * trickles its second request's headers holds one open connection (within the open cap) until
 * HTTP_HEADERS_TIMEOUT_MS, whose timer starts with that request's first byte
 * (`headers-timeout.test.ts`).
 */
import http from 'node:http';
import net, { type Socket } from 'node:net';
import { addressKeyOf } from './address-key.ts';

/** why a connection was refused: the `reason` labels of escudo_connections_refused_total */
export const CONNECTION_REFUSALS = ['open_per_address', 'headers_per_address', 'max_connections'] as const;
export type ConnectionRefusal = (typeof CONNECTION_REFUSALS)[number];

export interface ConnectionCaps {
  /** connections open at once from one address; 0 = no cap */
  maxOpenPerAddress: number;
  /** connections from one address whose first request's headers are not all in; 0 = no cap */
  maxSendingHeadersPerAddress: number;
  /** addresses or CIDRs of proxies (TRUST_PROXY's list) whose connections are not capped */
  trustedProxies: readonly string[];
  onRefuse(reason: ConnectionRefusal): void;
}

interface AddressCount {
  open: number;
  sendingHeaders: number;
}

/**
 * A connection's standing, a property of its socket (not a WeakMap's value: admission.ts says why V8
 * keeps those longer)
 */
const COUNTED = Symbol('connection caps');
type CountedSocket = Socket & { [COUNTED]?: { key: string; count: AddressCount; isSendingHeaders: boolean } };

/**
 * The IncomingMessage class of a server whose connections are capped: Node makes one as a request's
 * headers are all in, which ends its connection's count as sending headers.
 */
export class HeadersCountedMessage extends http.IncomingMessage {
  constructor(socket: Socket) {
    super(socket);
    const counted = (socket as CountedSocket)[COUNTED];
    if (!counted?.isSendingHeaders) return;
    counted.isSendingHeaders = false;
    counted.count.sendingHeaders -= 1;
  }
}

/** whether either cap is on (`capConnections` and `HeadersCountedMessage` are needed then only) */
export function isCapping(caps: Pick<ConnectionCaps, 'maxOpenPerAddress' | 'maxSendingHeadersPerAddress'>) {
  return caps.maxOpenPerAddress > 0 || caps.maxSendingHeadersPerAddress > 0;
}

/**
 * Caps the connections of `server` per address; with both caps 0, does nothing. The server must have
 * been made with `IncomingMessage: HeadersCountedMessage`, or every connection counts as sending
 * headers until it closes.
 */
export function capConnections(server: http.Server, caps: ConnectionCaps): void {
  const { maxOpenPerAddress: maxOpen, maxSendingHeadersPerAddress: maxSendingHeaders } = caps;
  if (!isCapping(caps)) return;
  const isTrustedProxy = trustedProxyCheck(caps.trustedProxies);
  const counts = new Map<string, AddressCount>();

  function release(socket: CountedSocket) {
    const counted = socket[COUNTED];
    if (!counted) return;
    socket[COUNTED] = undefined;
    if (counted.isSendingHeaders) counted.count.sendingHeaders -= 1;
    counted.count.open -= 1;
    if (counted.count.open === 0) counts.delete(counted.key);
  }

  /** counts the connection and says true, or resets it and says false */
  function admit(socket: CountedSocket): boolean {
    const address = socket.remoteAddress;
    // a connection reset before it was accepted has no address any more: Node closes it anyway
    if (address === undefined || isTrustedProxy(address)) return true;
    const key = addressKeyOf(address);
    const count = counts.get(key) ?? { open: 0, sendingHeaders: 0 };
    const refusal: ConnectionRefusal | null =
      maxOpen > 0 && count.open >= maxOpen
        ? 'open_per_address'
        : maxSendingHeaders > 0 && count.sendingHeaders >= maxSendingHeaders
          ? 'headers_per_address'
          : null;
    if (refusal) {
      // a reset, not a close: nothing of the connection stays in the kernel (no FIN_WAIT, no
      // TIME_WAIT) waiting for a client that has no reason to answer
      socket.resetAndDestroy();
      caps.onRefuse(refusal);
      return false;
    }
    count.open += 1;
    count.sendingHeaders += 1;
    counts.set(key, count);
    socket[COUNTED] = { key, count, isSendingHeaders: true };
    socket.once('close', () => release(socket));
    return true;
  }

  // Node's HTTP server sets a connection up in its own `connection` listener (parser, timers,
  // listeners); that listener runs only for the connections admitted here, so that a refusal costs
  // none of it. Nothing else listens to `connection` yet: the server was made a moment ago.
  const nodeListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!admit(socket)) return;
    for (const listener of nodeListeners) listener.call(server, socket);
  });
}

/** whether an address is one of `proxies` (addresses or CIDRs; an IPv4-mapped IPv6 address matches its IPv4) */
function trustedProxyCheck(proxies: readonly string[]): (address: string) => boolean {
  if (proxies.length === 0) return () => false;
  const list = new net.BlockList();
  for (const entry of proxies) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    try {
      return list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
    } catch {
      // not an address BlockList reads (a zone-scoped one): not a proxy of the list
      return false;
    }
  };
}
