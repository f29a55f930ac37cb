import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './helpers.js';

// util-linux `script` gives the command a real pseudo-terminal.
const hasScript = spawnSync('script', ['--version']).status === 0;

function onTerminal(
  command: string,
  answer: string,
): Promise<{ code: number | null; output: string }> {
  needsScript();
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

// Without `script` these tests fail by name rather than being skipped unseen.
const needsScript = () => {
  if (!hasScript)
    throw new Error('util-linux `script` is missing: install bsdutils (Debian) or util-linux');
};

describe('on a terminal', () => {
  const call = `${process.execPath} ${bin} call Bash command='touch f && echo from-bash' description=greet`;

  it('shows what will run, runs it when allowed once, and draws the status line', async () => {
    const { code, output } = await onTerminal(call, 'o');
    expect(output).toContain('? Bash wants to run: touch f && echo from-bash');
    expect(output).toMatch(/Bash · 0 done, 0 failed, 0 denied · \d+\.\ds/);
    expect(output).toContain('Bash touch f && echo from-bash (done');
    expect(code).toBe(0);
  });

  it("draws a script's calls waiting for approval from ToolCall's aggregate", async () => {
    const script = `${process.execPath} ${bin} run -e '(list (Glob :pattern "*") (Bash :command "touch f && echo from-bash" :description "greet"))'`;
    const { code, output } = await onTerminal(script, 'o');
    expect(output).toMatch(
      /⟳ Bash · 1 done, 0 failed, 0 denied, 1 waiting for approval · \d+\.\ds/,
    );
    expect(output.indexOf('waiting for approval')).toBeLessThan(
      output.indexOf('? Bash wants to run: touch f && echo from-bash'),
    );
    expect(code).toBe(0);
  });

  it('exits 3 when the person denies', async () => {
    const { code } = await onTerminal(call, 'd');
    expect(code).toBe(3);
  });

  it('withdraws the question when Ctrl-C cancels the script, and gives the terminal back', async () => {
    const dir = tempDir();
    // After toolcall, the shell reads a line: that only ends at Enter if the terminal is no
    // longer in the raw mode the question put it in.
    const script = `${process.execPath} ${bin} run -e '(Bash :command "touch ran.txt" :description "x")'; echo "exit=$?"; read line; echo "got:$line"`;
    const { code, output } = await session(
      script,
      [
        { after: '[o]nce, [a]lways, [d]eny?', type: 'o\x03' },
        { after: 'exit=', type: 'next line\r' },
      ],
      dir,
    );
    // The status line clears its row (`\r ESC [K`) before the notice.
    expect(output.replaceAll('\r\x1b[K', '')).toMatch(
      /\[d\]eny\? [^\n]*\n {2}question withdrawn: the call was cancelled\r\n/,
    );
    expect(output).toContain('Bash touch ran.txt (cancelled)');
    expect(output).toContain('exit=130');
    expect(output).toContain('got:next line');
    expect(output).not.toContain('    at ');
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    expect(code).toBe(0);
  });
});

/** Types each input once the screen shows what it waits for; resolves when the command ends. */
function session(
  command: string,
  steps: readonly { after: string; type: string }[],
  cwd = tempDir(),
): Promise<{ code: number | null; output: string }> {
  needsScript();
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: `${cwd}/.xdg`, NO_COLOR: '1' },
  });
  let output = '';
  let next = 0;
  let seen = 0;
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const step = steps[next];
    const at = step === undefined ? -1 : output.indexOf(step.after, seen);
    if (step !== undefined && at >= 0) {
      seen = at + step.after.length;
      next += 1;
      child.stdin.write(step.type);
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('the REPL on a terminal', () => {
  const repl = `${process.execPath} ${bin} repl`;
  const question = '[o]nce, [a]lways, [d]eny?';

  for (const [answer, shown] of [
    ['d', 'Permission denied'],
    ['o', 'zzz-from-bash'],
  ] as const) {
    it(`reads the answer '${answer}' once and goes on reading forms`, async () => {
      const { code, output } = await session(repl, [
        {
          after: 'tc> ',
          type: '(Bash :command "touch z && echo zzz-from-bash" :description "x")\r',
        },
        { after: question, type: `${answer}\r` },
        { after: 'tc> ', type: '(+ 40 2)\r' },
        { after: '  42', type: '\x04' },
      ]);
      expect(output).toContain('? Bash wants to run: touch z && echo zzz-from-bash');
      expect(output).toContain(shown);
      expect(output).not.toContain('void-variable');
      expect(output).toContain('  42');
      expect(code).toBe(0);
    });
  }

  it('takes Ctrl-C at a question as cancelling the form: the question is withdrawn, its half-typed answer dropped, and the next form is read once', async () => {
    const dir = tempDir();
    const { code, output } = await session(
      repl,
      [
        { after: 'tc> ', type: '(Bash :command "touch ran.txt" :description "x")\r' },
        { after: question, type: 'o\x03' },
        { after: 'tc> ', type: '(+ 40 2)\r' },
        // Ctrl-C at the prompt leaves.
        { after: '  42', type: '\x03' },
      ],
      dir,
    );
    expect(output).toMatch(/\[d\]eny\? [^\n]*\n {2}question withdrawn: the call was cancelled\r\n/);
    expect(output).toContain('Bash touch ran.txt (cancelled)');
    expect(output).toContain('  42');
    expect(output).not.toContain('void-variable');
    expect(output).not.toContain('    at ');
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    expect(readFileSync(join(dir, '.toolcall', 'repl-history'), 'utf8')).toBe(
      '(Bash :command "touch ran.txt" :description "x")\n(+ 40 2)\n',
    );
    expect(code).toBe(0);
  });

  it('does not ask about a parallel call cancelled while it waited its turn', async () => {
    const dir = tempDir();
    const { code, output } = await session(
      repl,
      [
        {
          after: 'tc> ',
          type: '(parallel (Bash :command "touch a.txt" :description "x") (Bash :command "touch b.txt" :description "x"))\r',
        },
        { after: question, type: '\x03' },
        { after: 'tc> ', type: '(+ 40 2)\r' },
        { after: '  42', type: '\x04' },
      ],
      dir,
    );
    expect(output.match(/wants to run/g)).toHaveLength(1);
    expect(output.match(/question withdrawn/g)).toHaveLength(1);
    expect(output).toContain('  42');
    expect(existsSync(join(dir, 'a.txt')) || existsSync(join(dir, 'b.txt'))).toBe(false);
    expect(code).toBe(0);
  });
});
