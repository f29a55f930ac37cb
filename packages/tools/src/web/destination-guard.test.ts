import type { PermissionRule } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import {
  canonicalRuleHost,
  createDestinationGuard,
  privateHostsAllowedByRules,
} from './destination-guard.js';

describe('createDestinationGuard', () => {
  it('gives sockets no answer the check would refuse, whatever the resolver says later', async () => {
    const guard = createDestinationGuard({ allowHost: () => false, loopbackIsPublic: false });
    const lookup = guard.socketLookup(async (host) =>
      host === 'public.test' ? ['93.184.216.34'] : ['93.184.216.34', '10.0.0.1'],
    );
    expect(await lookup('public.test')).toEqual(['93.184.216.34']);
    await expect(lookup('rebound.test')).rejects.toThrow(
      'rebound.test resolves to 10.0.0.1, a private address',
    );
  });

  it('lets sockets reach an allowed host and loopback only when loopback counts as public', async () => {
    const allowed = createDestinationGuard({
      allowHost: (host) => host === 'intranet.test',
      loopbackIsPublic: true,
    });
    const resolve = async (host: string) => (host === 'loop.test' ? ['::1'] : ['10.0.0.1']);
    expect(await allowed.socketLookup(resolve)('intranet.test.')).toEqual(['10.0.0.1']);
    expect(await allowed.socketLookup(resolve)('loop.test')).toEqual(['::1']);
    await expect(allowed.socketLookup(resolve)('other.test')).rejects.toThrow(/private address/);
  });
});

describe('createDestinationGuard on odd answers', () => {
  it('refuses a name whose resolver answers something that is not an address', async () => {
    const guard = createDestinationGuard({ allowHost: () => false, loopbackIsPublic: true });
    const resolve = async () => ['localhost'];
    expect(await guard.check(new URL('http://odd.test/'), resolve)).toMatchObject({
      success: false,
      error: { code: 'blocked-address', message: expect.stringContaining('resolves to localhost') },
    });
    await expect(guard.socketLookup(resolve)('odd.test')).rejects.toThrow(
      'odd.test resolves to localhost, a reserved address',
    );
  });
});

describe('canonicalRuleHost', () => {
  it('spells a host as URL parsing does', () => {
    expect(
      ['2130706433', '0x7f.1', 'LocalHost.', '[0:0::1]', '::1', 'Example.COM', 'a b'].map(
        canonicalRuleHost,
      ),
    ).toEqual(['127.0.0.1', '127.0.0.1', 'localhost', '::1', '::1', 'example.com', 'a b']);
  });
});

describe('privateHostsAllowedByRules', () => {
  const allowedBy = (rules: PermissionRule[], host: string) =>
    privateHostsAllowedByRules(() => rules)(host);

  it('admits a host only when an allow or ask rule for WebFetch names exactly that host', () => {
    // An ask rule naming the host leaves the decision to the person, who is asked each time.
    expect(allowedBy([{ tool: 'WebFetch', domain: 'localhost', action: 'ask' }], 'localhost')).toBe(
      true,
    );
    expect(
      allowedBy([{ tool: 'WebFetch', domain: '127.0.0.1', action: 'allow' }], '127.0.0.1'),
    ).toBe(true);
    expect(allowedBy([{ domain: 'intranet.test', action: 'allow' }], 'intranet.test')).toBe(true);
    expect(
      allowedBy([{ tool: 'Read|WebFetch', domain: '\\[::1\\]', action: 'allow' }], '::1'),
    ).toBe(true);
  });

  it('never admits by a glob, another tool, another action or another name', () => {
    const refused: [PermissionRule, string][] = [
      [{ tool: 'WebFetch', domain: '*', action: 'allow' }, 'localhost'],
      [{ tool: 'WebFetch', domain: '127.0.0.*', action: 'allow' }, '127.0.0.1'],
      [{ tool: 'WebFetch', domain: '*.internal', action: 'allow' }, 'db.internal'],
      [{ tool: 'WebFetch', domain: '16?.254.169.254', action: 'allow' }, '169.254.169.254'],
      [{ tool: 'WebSearch', domain: 'localhost', action: 'allow' }, 'localhost'],
      [{ tool: 'Web.*', domain: 'localhost', action: 'allow' }, 'localhost'],
      [{ tool: 'WebFetch', domain: 'localhost', action: 'deny' }, 'localhost'],
      [{ tool: 'WebFetch', action: 'allow' }, 'localhost'],
      [{ tool: 'WebFetch', domain: 'localhost', action: 'allow' }, 'api.localhost'],
    ];
    expect(refused.filter(([rule, host]) => allowedBy([rule], host))).toEqual([]);
  });
});
