import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './helpers.js';

// util-linux `script` gives the command a real pseudo-terminal.
const hasScript = spawnSync('script', ['--version']).status === 0;

function onTerminal(
  command: string,
  answer: string,
): Promise<{ code: number | null; output: string }> {
  const cwd = tempDir();
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: `${cwd}/.xdg`, NO_COLOR: '1' },
  });
  let output = '';
  let answered = false;
  child.stdout.on('data', (chunk) => {
    output += chunk;
    // Answer once the prompt is on the screen.
    if (!answered && output.includes('[o]nce, [a]lways, [d]eny?')) {
      answered = true;
      child.stdin.write(`${answer}\n`);
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe.skipIf(!hasScript)('on a terminal', () => {
  const call = `${process.execPath} ${bin} call Bash command='echo from-bash' description=greet`;

  it('shows what will run, runs it when allowed once, and draws the status line', async () => {
    const { code, output } = await onTerminal(call, 'o');
    expect(output).toContain('? Bash wants to run: echo from-bash');
    expect(output).toMatch(/Bash · 0 done, 0 failed, 0 denied · \d+\.\ds/);
    expect(output).toContain('Bash echo from-bash (done');
    expect(code).toBe(0);
  });

  it('exits 3 when the person denies', async () => {
    const { code } = await onTerminal(call, 'd');
    expect(code).toBe(3);
  });
});
