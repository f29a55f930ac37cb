import { describe, expect, it } from 'vitest';
import type { ResourceOperation } from './operation-matrix.js';
import { createResourceResolver } from './resolver.js';
import { ok } from './result.js';

function counting() {
  const calls = { prepared: 0, executed: 0 };
  const resolver = createResourceResolver({
    families: {
      work: ({ address }) => {
        calls.prepared++;
        return ok({
          scope: address.scope,
          execute: async () => {
            calls.executed++;
            return ok({
              kind: 'text' as const,
              address: 'work://x',
              text: `path ${address.path.join('|')}`,
            });
          },
        });
      },
    },
  });
  return { resolver, calls };
}

describe('createResourceResolver', () => {
  it('prepares without executing and returns only logical facts', () => {
    const { resolver, calls } = counting();
    const prepared = resolver.prepare('apply-patch', 'work://shared/a%20b.md', { sessionId: 's1' });
    if (!prepared.success) throw prepared.error;
    expect([
      prepared.value.facts,
      calls,
      JSON.parse(JSON.stringify(prepared.value.attempt)),
    ]).toEqual([
      {
        operation: 'apply-patch',
        access: 'write',
        scheme: 'work',
        family: 'work',
        address: 'work://shared/a%20b.md',
        target: 'work://shared/a%20b.md',
        scope: 'workspace',
      },
      { prepared: 1, executed: 0 },
      { facts: prepared.value.facts },
    ]);
  });

  it('executes the prepared attempt without reparsing, as often as asked', async () => {
    const { resolver, calls } = counting();
    const prepared = resolver.prepare('read', 'work://a/b');
    if (!prepared.success) throw prepared.error;
    const first = await resolver.execute(prepared.value.attempt);
    const second = await resolver.execute(prepared.value.attempt);
    expect([first, second, calls]).toEqual([
      { success: true, value: { kind: 'text', address: 'work://x', text: 'path a|b' } },
      { success: true, value: { kind: 'text', address: 'work://x', text: 'path a|b' } },
      { prepared: 1, executed: 2 },
    ]);
  });

  it('stops malformed addresses at prepare before any family handler runs', () => {
    const { resolver, calls } = counting();
    const results = ['work://a/../b', 'nope://x', 'work://a%2Fb'].map((text) =>
      resolver.prepare('read', text),
    );
    expect([results.map((result) => (result.success ? 'ok' : result.error.code)), calls]).toEqual([
      ['invalid-address', 'unknown-scheme', 'invalid-address'],
      { prepared: 0, executed: 0 },
    ]);
  });

  it('throws a TypeError for an unknown operation, a foreign attempt or a bad option', async () => {
    const { resolver } = counting();
    const other = counting().resolver.prepare('read', 'work://a');
    if (!other.success) throw other.error;
    const own = resolver.prepare('read', 'work://a');
    if (!own.success) throw own.error;
    expect(() => resolver.prepare('write' as ResourceOperation, 'work://a')).toThrow(TypeError);
    await expect(resolver.execute(other.value.attempt)).rejects.toThrow(TypeError);
    await expect(resolver.execute(own.value.attempt, { listLimit: 0 })).rejects.toThrow(
      /options.listLimit/,
    );
  });

  it('lists the families it can serve', () => {
    expect(counting().resolver.families).toEqual(['work']);
  });
});
