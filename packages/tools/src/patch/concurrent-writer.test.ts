import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import {
  createGuarded,
  PatchConflictError,
  removeGuarded,
  replaceGuarded,
  tempBeside,
} from './guarded-replace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

// Appends one line every 5-20 ms the way `echo >> file` does (open, append, close) until told
// to stop on stdin, then prints how many lines it wrote.
const APPENDER = `
const fs = require('node:fs');
const file = process.argv[1];
let count = 0;
let stopped = false;
process.stdin.on('data', () => { stopped = true; });
const tick = () => {
  if (stopped) { process.stdout.write(String(count)); process.exit(0); }
  fs.appendFileSync(file, 'appended ' + count + '\\n');
  count += 1;
  if (count === 1) process.stdout.write('started\\n');
  setTimeout(tick, 5 + Math.floor(Math.random() * 15));
};
tick();
`;

const CONFLICT =
  /^Error: File changed (on disk while the patch was applied|during review): log\.txt/;

describe('ApplyPatch against a concurrent appender', () => {
  it('loses no appended line: every patch either lands or fails with the conflict error', async () => {
    const file = path.join(workspace.root, 'log.txt');
    await writeFile(file, 'header 0\n');
    const child = spawn(process.execPath, ['-e', APPENDER, file], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    while (!output.includes('started')) await once(child.stdout, 'data');
    let header = 0;
    let applied = 0;
    let conflicts = 0;
    for (let round = 0; round < 100; round += 1) {
      const patch = [
        '*** Begin Patch',
        '*** Update File: log.txt',
        `-header ${header}`,
        `+header ${header + 1}`,
        '*** End Patch',
      ].join('\n');
      const outcome = await workspace.run('ApplyPatch', { patch });
      if (outcome.status === 'success') {
        applied += 1;
        header += 1;
        expect((await readFile(file, 'utf8')).split('\n')[0]).toBe(`header ${header}`);
      } else {
        expect(outcome.result).toMatch(CONFLICT);
        conflicts += 1;
      }
    }
    child.stdin.end('stop\n');
    await once(child, 'exit');
    const written = Number(output.replace('started\n', ''));
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines[0]).toBe(`header ${header}`);
    const appended = lines.slice(1).filter((line) => line !== '');
    expect(appended).toEqual(Array.from({ length: written }, (_, index) => `appended ${index}`));
    expect(applied + conflicts).toBe(100);
    expect(applied).toBeGreaterThan(0);
    // No temp file is left beside the target.
    expect((await readdir(workspace.root)).filter((name) => name.includes('toolcall-tmp'))).toEqual(
      [],
    );
  }, 60_000);
});

describe('the guarded writes', () => {
  it('refuses to replace a file that no longer holds what was read, and drops the temp', async () => {
    const target = await workspace.write('stale.txt', 'changed\n');
    const temp = tempBeside(target);
    await writeFile(temp, 'new\n');
    await expect(
      replaceGuarded({
        target,
        temp,
        before: bytes('old\n'),
        written: bytes('new\n'),
        mode: undefined,
        shown: 'stale.txt',
      }),
    ).rejects.toThrow(new PatchConflictError('stale.txt').message);
    expect(await readFile(target, 'utf8')).toBe('changed\n');
    expect((await readdir(workspace.root)).filter((name) => name.includes('stale.txt.'))).toEqual(
      [],
    );
  });

  it('refuses to add over a file that appeared, and to delete a file that changed', async () => {
    const target = await workspace.write('appeared.txt', 'theirs\n');
    const temp = tempBeside(target);
    await writeFile(temp, 'ours\n');
    await expect(createGuarded(temp, target, 'appeared.txt')).rejects.toBeInstanceOf(
      PatchConflictError,
    );
    expect(await readFile(target, 'utf8')).toBe('theirs\n');
    await expect(removeGuarded(target, bytes('old\n'), undefined, 'appeared.txt')).rejects.toThrow(
      'File changed on disk while the patch was applied: appeared.txt; no file was changed',
    );
    expect(await readFile(target, 'utf8')).toBe('theirs\n');
  });
});
