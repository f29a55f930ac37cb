import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const workspace = mkdtempSync(path.join(tmpdir(), 'resources-e2e-'));
mkdirSync(path.join(workspace, '.toolcall/sessions/s1/work'), { recursive: true });
writeFileSync(path.join(workspace, '.toolcall/sessions/s1/work/note.md'), 'hello\n');

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/resources as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/resources');
    const cjs = require('@toolcall/resources');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(cjs.ResourceError.isInstance(new esm.ResourceError('invalid-address', 'x'))).toBe(true);
    expect([
      esm.formatAddress(esm.parseAddressOrThrow('work://a%20b')),
      cjs.isAddressLike('x:y'),
    ]).toEqual(['work://a%20b', false]);
  });

  it('reads a session file through the node subpath with import and require', async () => {
    const esm = await import('@toolcall/resources/node');
    const cjs = require('@toolcall/resources/node');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    const roots = [await import('@toolcall/resources'), require('@toolcall/resources')];
    const texts: string[] = [];
    for (const [index, module] of [esm, cjs].entries()) {
      const resolver = module.createNodeResources({ workspace, sessionId: 's1' });
      const prepared = resolver.prepare('read', 'work://note.md');
      if (!prepared.success) throw prepared.error;
      // The subpath shares the root's classes, so attempts are the root's ResourceAttempt.
      expect(prepared.value.attempt instanceof roots[index].ResourceAttempt).toBe(true);
      const outcome = await resolver.execute(prepared.value.attempt);
      if (!outcome.success || outcome.value.kind !== 'file') throw new Error('expected a file');
      texts.push(new TextDecoder().decode(outcome.value.data));
    }
    expect(texts).toEqual(['hello\n', 'hello\n']);
  });
});
