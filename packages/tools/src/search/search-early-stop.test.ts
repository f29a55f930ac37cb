import path from 'node:path';
import { createExecManager, type ExecManager } from '@toolcall/exec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../testing/workspace.js';
import { createUnconfinedWorkspace, type SearchWorkspace } from './testing/unconfined.js';

// Grep and Glob stop ripgrep once their page is settled; the notices must read as if it had
// walked the whole tree, unconfined and confined alike.
describe.each(['unconfined', 'confined'])('search that stops early (%s)', (kind) => {
  let workspace: SearchWorkspace;
  let manager: ExecManager | undefined;
  beforeAll(async () => {
    if (kind === 'confined') {
      const probe = await createTestWorkspace();
      manager = createExecManager({ workspaceRoot: probe.root });
      workspace = await createTestWorkspace({ exec: manager });
      await probe.dispose();
    } else {
      workspace = await createUnconfinedWorkspace();
    }
    for (let index = 0; index < 400; index += 1) {
      await workspace.write(`many/f${index}.txt`, `needle ${index}\nneedle again\n`);
    }
    for (let index = 0; index < 120; index += 1) {
      await workspace.write(`wide/w${index}.txt`, `needle ${'x'.repeat(1900)}\n`);
    }
  });
  afterAll(async () => {
    await workspace.dispose();
    await manager?.teardown();
  });

  const many = (line: string): boolean =>
    line.startsWith(path.join(workspace.root, 'many/f')) && line.endsWith('.txt');

  it('pages files_with_matches and count with the truncation notice, never a partial warning', async () => {
    const files = String(
      (await workspace.run('Grep', { pattern: 'needle', path: 'many', head_limit: 5 })).result,
    ).split('\n');
    expect(files.slice(5)).toEqual(['... Results truncated (limit: 5, offset: 0)']);
    expect(new Set(files.slice(0, 5)).size).toBe(5);
    expect(files.slice(0, 5).every(many)).toBe(true);
    const counts = String(
      (
        await workspace.run('Grep', {
          pattern: 'needle',
          path: 'many',
          output_mode: 'count',
          head_limit: 4,
          offset: 10,
        })
      ).result,
    ).split('\n');
    expect(counts.slice(4)).toEqual(['... Results truncated (limit: 4, offset: 10)']);
    expect(counts.slice(0, 4).every((line) => line.endsWith(':2') && many(line.slice(0, -2)))).toBe(
      true,
    );
  });

  it('pages content lines past an offset', async () => {
    const { status, result } = await workspace.run('Grep', {
      pattern: 'needle',
      path: 'many',
      output_mode: 'content',
      head_limit: 7,
      offset: 3,
    });
    expect(status).toBe('success');
    const lines = String(result).split('\n');
    expect(lines.length).toBe(8);
    expect(lines.slice(7)).toEqual(['... Results truncated (limit: 7, offset: 3)']);
    expect(lines.slice(0, 7).every((line) => /^(\d+:needle|$|\/)/.test(line))).toBe(true);
  });

  it('stops at the 200 KiB cap when every line was asked for', async () => {
    const { status, result } = await workspace.run('Grep', {
      pattern: 'needle',
      path: 'wide',
      output_mode: 'content',
      head_limit: 0,
    });
    expect(status).toBe('success');
    const text = String(result);
    expect(text.startsWith('Warning')).toBe(false);
    expect(text.length).toBeLessThanOrEqual(200 * 1024 + 200);
    expect(text.split('\n').at(-1)).toBe(
      '... Output truncated at 200K byte limit. Narrow your search with :glob, :type, or a more specific :pattern.',
    );
  });

  it('caps Glob at 100 entries with its notice', async () => {
    const lines = String((await workspace.run('Glob', { pattern: 'many/*.txt' })).result).split(
      '\n',
    );
    expect(lines.length).toBe(101);
    expect(lines.slice(0, 100).every(many)).toBe(true);
    expect(lines[100]).toBe(
      '... Results truncated (limit: 100). Narrow your search with :path or a more specific :pattern.',
    );
  });
});
