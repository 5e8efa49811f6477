import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address-key.ts';

describe('addressKeyOf', () => {
  it('counts an IPv4 address on its own, and an IPv4-mapped IPv6 one as that IPv4 address', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:aa:bb:cc:dd',
      '2001:db8:1:2:0:0:0:1',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(addressKeyOf(address)).toBe(key);
    }
    expect(addressKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('gives one key to requests without an address', () => {
    expect(addressKeyOf(null)).toBe('unknown');
    expect(addressKeyOf('')).toBe('unknown');
  });
});
