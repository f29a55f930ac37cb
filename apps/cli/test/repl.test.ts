import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDepth } from '../src/repl-command.js';
import { tempDir, toolcall } from './helpers.js';

describe('openDepth', () => {
  it('counts open brackets outside strings, comments and character literals', () => {
    expect(openDepth('(list 1 [2')).toBe(2);
    expect(openDepth('(concat "(((" ?\\( ) ; ((')).toBe(0);
    expect(openDepth('"unterminated (')).toBe(1);
    expect(openDepth('(a))')).toBe(-1);
  });
});

describe('toolcall repl', () => {
  it('runs multi-line forms, keeps definitions, saves history and exits 0 at end of input', async () => {
    const dir = tempDir();
    const result = await toolcall(['repl'], {
      cwd: dir,
      input: '(+ 1\n   2)\n(defun sq (x) (* x x))\n(sq 4)\n(car\n',
    }).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '▾ ToolCall: 0 calls\n  3\n▾ ToolCall: 0 calls\n  sq\n▾ ToolCall: 0 calls\n  16\n',
    );
    expect(result.stderr).toBe('toolcall repl: input ended inside an unfinished form\n');
    expect(readFileSync(join(dir, '.toolcall', 'repl-history'), 'utf8')).toBe(
      '(+ 1    2)\n(defun sq (x) (* x x))\n(sq 4)\n',
    );
  });

  it('reports a failing form on stderr and goes on', async () => {
    const result = await toolcall(['repl'], { input: '(frob)\n(+ 2 2)\n' }).done;
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^preflight error: unknown function: frob/);
    expect(result.stdout).toMatch(/ {2}4\n$/);
  });
});

describe('toolcall repl process commands', () => {
  it('lists, shows and stops a background process with /ps, /out and /kill', async () => {
    const repl = toolcall(['repl', '--yes'], { input: { open: true } });
    const until = async (pattern: RegExp) => {
      while (!pattern.test(repl.output().stdout)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return pattern.exec(repl.output().stdout) as RegExpExecArray;
    };
    repl.write('/ps\n');
    await until(/no background processes\n/);
    repl.write(
      '(Bash :command "echo started; sleep 30" :description "background" :yield_time_ms 300)\n',
    );
    await until(/started/);
    repl.write('/ps\n');
    const [, id] = await until(/^(\S+)\s+running\s+\S+\s+\S+ B\s+echo started; sleep 30$/m);
    repl.write(`/out ${id}\n`);
    await until(/^started\n(?![\s\S]*▾)/m);
    repl.write(`/kill ${id}\n/kill nope\n/out\n/ps\n/help\n`);
    await until(
      /stopped \S+ \(\d+ B of output\)\n[\s\S]*no background processes\n[\s\S]*\/kill ID/,
    );
    repl.end();
    const { code, stderr } = await repl.done;
    expect(code).toBe(0);
    expect(stderr).toContain('No process nope (see /ps)');
    expect(stderr).toContain('/out needs a process id: /out ID (see /ps)');
  });
});
