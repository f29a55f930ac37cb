import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const example = fileURLToPath(new URL('../../../examples/hello.tl', import.meta.url));
const run = promisify(execFile);

// The built binary as a user runs it: a real process, real argv and exit code.
describe('the toolcall binary', () => {
  it('runs the README example script', async () => {
    const { stdout } = await run(process.execPath, [bin, 'run', example], {
      cwd: mkdtempSync(join(tmpdir(), 'toolcall-bin-')),
    });
    expect(stdout).toBe(
      '▾ ToolCall: 0 calls\n  (:greeting "hello from ToolCall, 5 words" :longest 8 :fib-20 6765)\n',
    );
  });

  it('reports a bad script with exit code 2 and no stack trace', async () => {
    const failure = await run(process.execPath, [bin, 'run', '-e', '(car'], {
      cwd: mkdtempSync(join(tmpdir(), 'toolcall-bin-')),
    }).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/^toolcall run: read error: /);
    expect(failure.stderr).not.toMatch(/\n\s+at /);
  });
});

// Outline splits a large new file with a parse worker, which the tools find beside the bundle.
describe("Outline's parse worker", () => {
  it('ships beside the bundle and outlines a part of a file on its own thread', async () => {
    const script = fileURLToPath(new URL('../dist/navigation-worker.js', import.meta.url));
    const ready = new Int32Array(new SharedArrayBuffer(64));
    const worker = new Worker(script, { workerData: { ready } });
    const text = 'export function first() {}\nclass Second {\n  method() {}\n}\n';
    const replies: unknown[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (reply: { seq: number }) => {
          replies.push(reply);
          if (replies.length === 2) resolve();
        });
        worker.postMessage({ kind: 'warm', seq: 1, language: 'typescript' });
        worker.postMessage({
          kind: 'part',
          seq: 2,
          language: 'typescript',
          text,
          range: {
            startIndex: 0,
            endIndex: text.length,
            startPosition: { row: 0, column: 0 },
            endPosition: { row: 4, column: 0 },
          },
        });
      });
    } finally {
      await worker.terminate();
    }
    // Each request is answered on its own, in whichever order they finish.
    expect(replies.sort((a, b) => (a as { seq: number }).seq - (b as { seq: number }).seq)).toEqual(
      [
        { seq: 1, entries: [] },
        {
          seq: 2,
          entries: [
            { line: 1, path: ['Function'], name: 'first' },
            { line: 2, path: ['Class'], name: 'Second' },
            { line: 3, path: ['Class', 'Second'], name: 'method' },
          ],
        },
      ],
    );
  });
});

// `toolcall tools | head -1`: the reader has closed the pipe before the output is written.
describe('a reader that closes the pipe early', () => {
  it('ends quietly, without an EPIPE stack trace', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'toolcall-bin-'));
    const child = spawn(process.execPath, [bin, 'tools'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
