import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PrepareCache, precheckContainment } from './prepare-check.js';

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'resources-precheck-')));
const root = path.join(base, 'root');
mkdirSync(path.join(root, 'dir'), { recursive: true });
writeFileSync(path.join(base, 'secret.txt'), 'SECRET');
symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'dir', 'link'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function outcome(result: ReturnType<typeof precheckContainment>): string {
  return result.success ? 'ok' : result.error.code;
}

describe('precheckContainment', () => {
  it('refuses a symlink escape, passes missing and plain targets, and sees no root as nothing to check', () => {
    const cache = new PrepareCache();
    expect([
      outcome(precheckContainment(cache, root, ['dir', 'link'], 'work://dir/link')),
      outcome(
        precheckContainment(cache, root, ['dir', 'missing', 'deeper'], 'work://dir/missing/deeper'),
      ),
      outcome(precheckContainment(cache, root, ['dir'], 'work://dir')),
      outcome(precheckContainment(cache, path.join(base, 'absent'), ['x'], 'work://x')),
    ]).toEqual(['outside-root', 'ok', 'ok', 'ok']);
  });

  it('uses a listing until its time to live runs out, then sees a planted symlink', () => {
    let now = 0;
    const cache = new PrepareCache({ ttlMs: 1000, now: () => now });
    const before = outcome(
      precheckContainment(cache, root, ['dir', 'planted'], 'work://dir/planted'),
    );
    symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'dir', 'planted'));
    const cached = outcome(
      precheckContainment(cache, root, ['dir', 'planted'], 'work://dir/planted'),
    );
    now = 1000;
    const fresh = outcome(
      precheckContainment(cache, root, ['dir', 'planted'], 'work://dir/planted'),
    );
    expect([before, cached, fresh]).toEqual(['ok', 'ok', 'outside-root']);
  });
});
