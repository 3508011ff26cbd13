import { describe, expect, it } from 'vitest';
import { addressKey, addressNetwork, clientAddress, viewerKey } from '@/features/profile/profile-views';

describe('profile views: who is a viewer', () => {
  it('takes the address CloudFront reports, without its port, else the connection’s', () => {
    expect(clientAddress('203.0.113.7:46532', '130.176.1.1')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:85a3::8a2e:370:7334:46532', '130.176.1.1')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(clientAddress(undefined, '198.51.100.9')).toBe('198.51.100.9');
    expect(clientAddress('  ', '198.51.100.9')).toBe('198.51.100.9');
  });

  it('counts an IPv6 address by its /64 network and an IPv4 address by itself', () => {
    expect(addressNetwork('2001:db8:85a3:1:8a2e:370:7334:1')).toBe('2001:db8:85a3:1::/64');
    expect(addressNetwork('2001:DB8:85A3:0001:ffff::2')).toBe('2001:db8:85a3:1::/64');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
    expect(addressNetwork('::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(addressNetwork('192.0.2.4')).toBe('192.0.2.4');
  });

  it('keys anonymous viewers by day, address and browser, their limit by day and network only; signed-in viewers by account', () => {
    const one = { sourceIp: '2001:db8:1:2::10', userAgent: 'Firefox' };
    const sameNetwork = { sourceIp: '2001:db8:1:2::99', userAgent: 'Chrome' };
    expect(viewerKey(one, '2025-03-14')).not.toBe(viewerKey(sameNetwork, '2025-03-14'));
    expect(viewerKey(one, '2025-03-14')).not.toBe(viewerKey(one, '2025-03-15'));
    expect(addressKey(one, '2025-03-14')).toBe(addressKey(sameNetwork, '2025-03-14'));
    expect(addressKey(one, '2025-03-14')).not.toBe(addressKey(one, '2025-03-15'));
    expect(addressKey(one, '2025-03-14')).not.toContain('2001');
    expect(viewerKey({ ...one, sessionAccountId: '0.0.5' }, '2025-03-14')).toBe('account:0.0.5');
    expect(addressKey({ ...one, sessionAccountId: '0.0.5' }, '2025-03-14')).toBeUndefined();
  });
});
