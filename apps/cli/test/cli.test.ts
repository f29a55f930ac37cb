import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main, usage } from '../src/main.js';

function capture(cwd?: string) {
  const chunks = { stdout: '', stderr: '' };
  const sink = (key: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk, _encoding, callback) {
        chunks[key] += String(chunk);
        callback();
      },
    });
  return {
    io: { stdout: sink('stdout'), stderr: sink('stderr'), ...(cwd ? { cwd } : {}) },
    chunks,
  };
}

describe('main', () => {
  it('prints usage and exits 0 for help', async () => {
    const { io, chunks } = capture();
    expect(await main(['help'], io)).toBe(0);
    expect(chunks).toEqual({ stdout: usage, stderr: '' });
  });

  it('names an unknown command and exits 2', async () => {
    const { io, chunks } = capture();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(chunks.stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('toolcall run', () => {
  it('prints the value of an expression and exits 0', async () => {
    const { io, chunks } = capture();
    expect(await main(['run', '-e', '(list (/ 7 2) (/ 7 2.0) "a\\"b")'], io)).toBe(0);
    expect(chunks).toEqual({ stdout: '(3 3.5 "a\\"b")\n', stderr: '' });
  });

  it('runs a script file relative to the working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolcall-cli-'));
    writeFileSync(
      join(dir, 'sum.tl'),
      "(defun sq (x) (* x x))\n(let ((s 0)) (dolist (x (mapcar 'sq (list 1 2 3))) (setq s (+ s x))) s)\n",
    );
    const { io, chunks } = capture(dir);
    expect(await main(['run', 'sum.tl'], io)).toBe(0);
    expect(chunks.stdout).toBe('14\n');
  });

  it('prints the structured outcome with --json', async () => {
    const { io, chunks } = capture();
    expect(await main(['run', '--json', '-e', '(list :a 1 :b [2 3])'], io)).toBe(0);
    expect(JSON.parse(chunks.stdout)).toEqual({
      success: true,
      printed: '(:a 1 :b [2 3])',
      json: { a: 1, b: [2, 3] },
      calls: [],
    });
  });

  it('exits 2 with the reader error for a bad script', async () => {
    const { io, chunks } = capture();
    expect(await main(['run', '-e', '(list 1 2'], io)).toBe(2);
    expect(chunks.stderr).toMatch(/^toolcall run: read error: /);
    expect(chunks.stdout).toBe('');
  });

  it('exits 2 naming an unknown operator before running anything', async () => {
    const { io, chunks } = capture();
    expect(await main(['run', '-e', '(frob 1)'], io)).toBe(2);
    expect(chunks.stderr).toMatch(/^toolcall run: preflight error: .*frob/);
  });

  it('exits 1 with the budget name when a script runs away', async () => {
    const { io, chunks } = capture();
    expect(await main(['run', '-e', '(while t)'], io)).toBe(1);
    expect(chunks.stderr).toMatch(/^toolcall run: budget error \((steps|wall-time)\): /);
  });

  it('exits 2 for a missing file or no script at all', async () => {
    const missing = capture();
    expect(await main(['run', 'no-such-file.tl'], missing.io)).toBe(2);
    expect(missing.chunks.stderr).toBe('toolcall run: no-such-file.tl: no such file\n');
    const none = capture();
    expect(await main(['run'], none.io)).toBe(2);
    expect(none.chunks.stderr).toContain('give exactly one script');
  });
});
