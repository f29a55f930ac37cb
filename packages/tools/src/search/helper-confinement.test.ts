import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

// The tool set's own process owner runs the search helpers: a stand-in ripgrep that tries to
// write into the workspace reports whether it ran confined (read-only roots) or not.
let workspace: TestWorkspace;
let previous: string | undefined;
beforeAll(async () => {
  workspace = await createTestWorkspace({ sandbox: 'required' });
  await workspace.write('confined.txt', 'x\n');
  await workspace.write('unconfined.txt', 'x\n');
  const bin = mkdtempSync(path.join(tmpdir(), 'rg-stand-in-'));
  const script = path.join(bin, 'rg');
  const root = workspace.root;
  writeFileSync(
    script,
    `#!/bin/sh\nif touch '${root}/probe' 2>/dev/null; then echo '${root}/unconfined.txt'; else echo '${root}/confined.txt'; fi\n`,
  );
  chmodSync(script, 0o755);
  previous = process.env.TOOLCALL_RIPGREP_PATH;
  process.env.TOOLCALL_RIPGREP_PATH = script;
});
afterAll(() => {
  if (previous === undefined) delete process.env.TOOLCALL_RIPGREP_PATH;
  else process.env.TOOLCALL_RIPGREP_PATH = previous;
  return workspace.dispose();
});

describe('search helpers under createToolSet', () => {
  it('run through the set’s sandbox, with the workspace read-only', async () => {
    const { status, result } = await workspace.run('Grep', { pattern: 'x' });
    expect(status).toBe('success');
    expect(result).toBe(path.join(workspace.root, 'confined.txt'));
  });
});
