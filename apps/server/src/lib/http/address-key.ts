/**
 * The subject a per-address limit counts for a client address. An IPv4 address is one subscriber
 * (or one carrier's NAT, which the limits leave room for: decision 010); an IPv6 subscriber is given a
 * whole /64 at least (RFC 6177's advice, what carriers and ISPs hand out), and chooses freely among its
 * 2^64 addresses, so counting each address on its own would give one person endless fresh counters.
 * Every per-address limit (lib/throttle's subjects, the upload places, the connection caps) counts by
 * this key.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** '203.0.113.7' as it is; '2001:db8:1:2:aa::1' → '2001:db8:1:2::/64'; '::ffff:203.0.113.7' → IPv4 */
export function addressKeyOf(address: string | null | undefined): string {
  if (!address) return 'unknown';
  const plain = address.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(plain)) return plain;
  const groups = expandIPv6(plain);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** the eight groups of an IPv6 address, each without leading zeros ('0' for none) */
function expandIPv6(address: string): string[] {
  // an embedded IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups
  const withoutDottedTail = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) => {
    const hex = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
    return `${hex(a, b)}:${hex(c, d)}`;
  });
  const [head = '', tail] = withoutDottedTail.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups].map(
    (group) => group.replace(/^0+(?=.)/, '') || '0',
  );
}
