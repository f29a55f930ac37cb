import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const example = fileURLToPath(new URL('../../../examples/hello.tl', import.meta.url));
const run = promisify(execFile);

// The built binary as a user runs it: a real process, real argv and exit code.
describe('the toolcall binary', () => {
  it('runs the README example script', async () => {
    const { stdout } = await run(process.execPath, [bin, 'run', example]);
    expect(stdout).toBe('(:greeting "hello from ToolCall, 5 words" :longest 8 :fib-20 6765)\n');
  });

  it('reports a bad script with exit code 2 and no stack trace', async () => {
    const failure = await run(process.execPath, [bin, 'run', '-e', '(car']).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/^toolcall run: read error: /);
    expect(failure.stderr).not.toMatch(/\n\s+at /);
  });
});
