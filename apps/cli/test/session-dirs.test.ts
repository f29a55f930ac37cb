import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, toolcall } from './helpers.js';

const run = (args: readonly string[], cwd: string) => toolcall(args, { cwd }).done;

describe('session directories', () => {
  it('are not left behind by commands that write nothing to them', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'alpha\n');
    expect((await run(['tools'], dir)).code).toBe(0);
    expect((await run(['tools', 'read a file'], dir)).code).toBe(0);
    expect((await run(['tools', '--json'], dir)).code).toBe(0);
    expect((await run(['call', 'Read', 'file_path=a.txt'], dir)).code).toBe(0);
    expect(existsSync(join(dir, '.toolcall'))).toBe(false);
    expect((await run(['sessions'], dir)).stdout).toBe('no sessions\n');
  });

  it('keep a workspace config and a session resumed by id, and remove only what they made', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.toolcall', 'sessions', 'kept'), { recursive: true });
    writeFileSync(join(dir, '.toolcall', 'config.json'), '{"permissions":{"allow":["Read"]}}');
    expect((await run(['tools', '--session', 'kept'], dir)).code).toBe(0);
    expect((await run(['tools', '--session', 'fresh'], dir)).code).toBe(0);
    expect(readdirSync(join(dir, '.toolcall')).sort()).toEqual(['config.json', 'sessions']);
    expect(readdirSync(join(dir, '.toolcall', 'sessions'))).toEqual(['kept']);
  });

  it('are created for a script, whose checkpoint is removed once it is shown', async () => {
    const dir = tempDir();
    expect((await run(['run', '--session', 's1', '-e', '(+ 1 2)'], dir)).code).toBe(0);
    expect(readdirSync(join(dir, '.toolcall', 'sessions'))).toEqual(['s1']);
    expect(readdirSync(join(dir, '.toolcall', 'sessions', 's1'))).toContain('toolcall');
    expect(readdirSync(join(dir, '.toolcall', 'sessions', 's1', 'toolcall'))).toEqual([]);
  });
});
