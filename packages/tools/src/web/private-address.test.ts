import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPrivateAddress, isPrivateHost } from './private-address.js';

describe('isPrivateAddress', () => {
  it('returns true for loopback, private, link-local, CGNAT and reserved IPv4 ranges', () => {
    const addresses = [
      '127.0.0.1',
      '127.5.5.5',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ];
    expect(addresses.filter(isPrivateAddress)).toEqual(addresses);
  });

  it('returns false for public IPv4 addresses next to private ranges', () => {
    const addresses = [
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.0',
      '192.169.0.1',
      '100.63.255.255',
      '100.128.0.0',
      '11.0.0.1',
    ];
    expect(addresses.filter(isPrivateAddress)).toEqual([]);
  });

  it('returns true for IPv6 loopback, unique-local, link-local and mapped private IPv4', () => {
    const addresses = [
      '::1',
      '::',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1%eth0',
      '::ffff:192.168.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'ff02::1',
    ];
    expect(addresses.filter(isPrivateAddress)).toEqual(addresses);
  });

  it('returns false for public IPv6 addresses and names', () => {
    expect(['2606:4700::1111', '::ffff:8.8.8.8', 'example.com'].filter(isPrivateAddress)).toEqual(
      [],
    );
  });
});

describe('isLoopbackAddress', () => {
  it('returns true only for 127/8 and ::1 forms', () => {
    expect(
      ['127.0.0.2', '::1', '::ffff:127.0.0.1', '10.0.0.1', '::2'].map(isLoopbackAddress),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('isPrivateHost', () => {
  const lookup = async (host: string) => {
    if (host === 'fails.test') throw new Error('ENOTFOUND');
    return (
      {
        'public.test': ['93.184.216.34'],
        'rebind.test': ['93.184.216.34', '10.0.0.1'],
        'loop.test': ['127.0.0.1'],
      }[host] ?? []
    );
  };

  it('judges names by every resolved address, and unresolvable names as private', async () => {
    const judged = await Promise.all(
      [
        'public.test',
        'rebind.test',
        'fails.test',
        'empty.test',
        'localhost',
        '[::1]',
        '8.8.8.8',
      ].map((host) => isPrivateHost(host, { lookup })),
    );
    expect(judged).toEqual([false, true, true, true, true, true, false]);
  });

  it('counts loopback as public only when asked', async () => {
    expect(await isPrivateHost('loop.test', { lookup, loopbackIsPublic: true })).toBe(false);
    expect(await isPrivateHost('127.0.0.1', { lookup, loopbackIsPublic: true })).toBe(false);
    expect(await isPrivateHost('10.0.0.1', { lookup, loopbackIsPublic: true })).toBe(true);
  });
});
