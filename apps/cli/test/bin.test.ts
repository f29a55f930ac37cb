import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
