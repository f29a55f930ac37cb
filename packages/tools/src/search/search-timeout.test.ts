import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/workspace.js';
import { createUnconfinedWorkspace, type SearchWorkspace } from './testing/unconfined.js';

// A slow tree: ripgrep itself walks the real files and prints its real hits, then the walk
// stalls (as on a hung network mount) until the tools' timeout stops it.
const TIMEOUT_MS = 2500;
let bin: string;
let previous: string | undefined;
beforeAll(() => {
  // Located as ripgrepPath does, without filling its cache before the override is set.
  const entry = createRequire(import.meta.url).resolve('@vscode/ripgrep');
  const real = createRequire(entry).resolve(
    `@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg`,
  );
  bin = mkdtempSync(path.join(tmpdir(), 'rg-slow-tree-'));
  // The real binary sits beside the stand-in: confined, only the stand-in's directory is
  // bound, and a checkout under /tmp would be hidden by the sandbox's private /tmp.
  copyFileSync(real, path.join(bin, 'rg-real'));
  const script = path.join(bin, 'rg');
  writeFileSync(script, `#!/bin/sh\n'${path.join(bin, 'rg-real')}' "$@"\nexec sleep 60\n`);
  chmodSync(script, 0o755);
  previous = process.env.TOOLCALL_RIPGREP_PATH;
  process.env.TOOLCALL_RIPGREP_PATH = script;
});
afterAll(() => {
  if (previous === undefined) delete process.env.TOOLCALL_RIPGREP_PATH;
  else process.env.TOOLCALL_RIPGREP_PATH = previous;
  rmSync(bin, { recursive: true, force: true });
});

/** The tool set, whose own exec manager confines ripgrep. */
const confined = (): Promise<SearchWorkspace> =>
  createTestWorkspace({ searchTimeoutMs: TIMEOUT_MS });
const unconfined = (): Promise<SearchWorkspace> =>
  createUnconfinedWorkspace({ timeoutMs: TIMEOUT_MS });

describe.each([
  ['unconfined', unconfined],
  ['confined', confined],
])('a search that times out after real hits (%s)', (_kind, create) => {
  let searcher: SearchWorkspace;
  beforeAll(async () => {
    searcher = await create();
    await searcher.write('a.txt', 'needle\n');
    await searcher.write('sub/b.txt', 'needle\n');
  });
  afterAll(() => searcher.dispose());
  const at = (relative: string): string => path.join(searcher.root, relative);

  it('labels Glob output partial', async () => {
    const { status, result } = await searcher.run('Glob', { pattern: '*.txt' });
    expect(status).toBe('success');
    const [warning, ...paths] = String(result).split('\n');
    expect(warning).toBe('Warning: glob timed out; results are partial. Narrow the search.');
    expect(paths.sort()).toEqual([at('a.txt'), at('sub/b.txt')]);
  });

  it('labels Grep output partial', async () => {
    const { status, result } = await searcher.run('Grep', { pattern: 'needle' });
    expect(status).toBe('success');
    const [warning, ...paths] = String(result).split('\n');
    expect(warning).toBe(
      'Warning: search timed out; results are partial. Narrow :path, :glob, :type, or :pattern.',
    );
    expect(paths.sort()).toEqual([at('a.txt'), at('sub/b.txt')]);
  });
});
