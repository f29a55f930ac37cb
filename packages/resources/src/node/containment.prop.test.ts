import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect } from 'vitest';
import { formatAddress } from '../format-address.js';
import { isInside, resolveContained } from './contained-path.js';
import { createNodeResources } from './create-node-resources.js';

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'resources-containment-')));
const workspace = path.join(base, 'workspace');
const outside = path.join(base, 'outside');
const root = path.join(workspace, '.toolcall', 'sessions', 's1', 'work');
mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
mkdirSync(outside, { recursive: true });
writeFileSync(path.join(outside, 'secret.txt'), 'SECRET');
writeFileSync(path.join(root, 'f.txt'), 'inside');
writeFileSync(path.join(root, 'a', 'f.txt'), 'inside');
symlinkSync(path.join(root, 'a'), path.join(root, 'in'));
symlinkSync(outside, path.join(root, 'out'));
symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'outf'));
symlinkSync('..', path.join(root, 'up'));
symlinkSync('../..', path.join(root, 'a', 'b', 'upup'));
symlinkSync('loop', path.join(root, 'loop'));
symlinkSync(path.join(outside, 'missing'), path.join(root, 'dangling'));
const resolver = createNodeResources({
  workspace,
  sessionId: 's1',
  homeDirectory: base,
  configDirectory: base,
});
const outsideBefore = readdirSync(outside).sort();
afterAll(() => rmSync(base, { recursive: true, force: true }));

const names = [
  'a',
  'b',
  'f.txt',
  'in',
  'out',
  'outf',
  'up',
  'upup',
  'loop',
  'dangling',
  'secret.txt',
  'new',
];
const pathArbitrary = fc.array(fc.constantFrom(...names), { maxLength: 5 });

describe('containment on a real tree with symlinks', () => {
  test.prop([pathArbitrary], { numRuns: 300 })(
    'resolveContained never lands outside the real root',
    (components) => {
      const resolved = resolveContained(root, components, 'work://x');
      if (resolved.success && resolved.value.kind !== 'no-root') {
        expect(isInside(resolved.value.realRoot, resolved.value.real)).toBe(true);
      } else if (!resolved.success) {
        expect(['outside-root', 'io-failed']).toContain(resolved.error.code);
      }
    },
  );

  test.prop([pathArbitrary, fc.constantFrom('read', 'glob', 'grep')], { numRuns: 300 })(
    'no generated address reads, lists or searches outside its root',
    async (components, operation) => {
      const address = formatAddress({ family: 'work', scope: 'session', path: components });
      const prepared = resolver.prepare(operation, address);
      if (!prepared.success) return;
      const outcome = await resolver.execute(prepared.value.attempt);
      if (!outcome.success) {
        expect(outcome.error.message).not.toContain(base);
        return;
      }
      const value = outcome.value;
      if (value.kind === 'file') expect(new TextDecoder().decode(value.data)).toBe('inside');
      if (value.kind === 'listing')
        for (const entry of value.entries) expect(entry.address.startsWith('work://')).toBe(true);
      if (value.kind === 'search')
        for (const searchRoot of value.roots)
          expect(isInside(realpathSync(root), searchRoot.backingPath)).toBe(true);
    },
  );

  test.prop([pathArbitrary.filter((components) => components.length > 0)], { numRuns: 200 })(
    'no generated ApplyPatch write lands outside its root',
    async (components) => {
      const prepared = resolver.prepare(
        'apply-patch',
        formatAddress({ family: 'work', scope: 'session', path: components }),
      );
      if (!prepared.success) return;
      const outcome = await resolver.execute(prepared.value.attempt);
      if (outcome.success && outcome.value.kind === 'writable')
        await outcome.value.file.write('written');
      expect([
        readdirSync(outside).sort(),
        readFileSync(path.join(outside, 'secret.txt'), 'utf8'),
      ]).toEqual([outsideBefore, 'SECRET']);
    },
  );
});
