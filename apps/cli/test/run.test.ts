import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, toolcall, trustWorkspace } from './helpers.js';

const run = (args: readonly string[], cwd?: string) =>
  toolcall(args, cwd === undefined ? {} : { cwd }).done;

describe('toolcall run', () => {
  it('renders the value of an expression and exits 0', async () => {
    const result = await run(['run', '-e', '(list (/ 7 2) (/ 7 2.0) "a\\"b")']);
    expect(result).toEqual({
      code: 0,
      stdout: '▾ ToolCall: 0 calls\n  (3 3.5 "a\\"b")\n',
      stderr: '',
    });
  });

  it('runs a script file relative to the working directory in a new session', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'sum.tl'),
      "(defun sq (x) (* x x))\n(apply '+ (mapcar 'sq (list 1 2 3)))\n",
    );
    const result = await run(['run', 'sum.tl', '--session', 's1'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('14');
    const list = await run(['sessions'], dir);
    expect(list.stdout).toMatch(/^s1 {2}\d{4}-/);
  });

  it('prints the structured outcome with --json and writes an HTML report', async () => {
    const dir = tempDir();
    const result = await run(
      ['run', '--json', '--report', 'r.html', '-e', '(list :a 1 :b [2 3])'],
      dir,
    );
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      success: true,
      tool: 'ToolCall',
      result: '(:a 1 :b [2 3])',
      error: null,
    });
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('exits 2 with the reader error for a bad script', async () => {
    const result = await run(['run', '-e', '(list 1 2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolcall run: read error: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 naming an unknown operator before running anything', async () => {
    const result = await run(['run', '-e', '(frob 1)']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolcall run: preflight error: .*frob/);
  });

  it('exits 1 with the budget name when a script runs away', async () => {
    const result = await run(['run', '-e', '(while t)']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^toolcall run: budget error \((steps|wall-time)\): /);
  });

  it('exits 2 for a missing file, no script, a bad flag or a bad rule', async () => {
    expect((await run(['run', 'no-such-file.tl'])).stderr).toBe(
      'toolcall run: no-such-file.tl: no such file\n',
    );
    expect((await run(['run'])).code).toBe(2);
    expect((await run(['run', '--sandbox', 'maybe', '-e', '1'])).stderr).toContain(
      '--sandbox must be off, best-effort or required',
    );
    expect((await run(['run', '--allow', '(', '-e', '1'])).code).toBe(2);
  });

  it('exits 2 naming the config file, JSON path and expected shape', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.toolcall'));
    writeFileSync(join(dir, '.toolcall', 'config.json'), '{"permissions":{"allow":[1]}}');
    const result = await run(['run', '-e', '1'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${join(dir, '.toolcall', 'config.json')}: at $.permissions.allow.0:`,
    );
    expect(result.stderr).toContain('expected string');
  });

  it('runs PreToolUse hooks configured as commands: exit code 2 blocks with exit 3', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.toolcall'));
    writeFileSync(join(dir, 'block.sh'), '#!/bin/sh\necho "no echo today" >&2\nexit 2\n', {
      mode: 0o755,
    });
    writeFileSync(
      join(dir, '.toolcall', 'config.json'),
      JSON.stringify({
        hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: join(dir, 'block.sh') }],
      }),
    );
    await trustWorkspace(dir);
    const result = await run(
      ['call', 'Bash', 'command=echo hi', 'description=greet', '--yes'],
      dir,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('toolcall call: PreToolUse hook denied the call: no echo today.\n');
  });

  it('draws a denied nested call as a closed denied row, and a denied call as a denied row', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'one\n');
    const script = await run(
      ['run', '-e', '(list (Read :file_path "a.txt") (Bash :command "rm a.txt" :description "x"))'],
      dir,
    );
    expect(script.code).toBe(3);
    expect(script.stdout).toMatch(/^▾ × ToolCall: 2 calls \(1 denied\)\n/);
    expect(script.stdout).toMatch(
      /\n {2}▸ Read a\.txt \(1 line\)\n {2}▸ ⊗ Bash rm a\.txt[^\n]*\n$/,
    );
    const single = await run(['call', 'Bash', 'command=rm a.txt', 'description=x'], dir);
    expect(single.code).toBe(3);
    expect(single.stdout).toMatch(/^▾ ⊗ Bash rm a\.txt/);
    expect(existsSync(join(dir, 'a.txt'))).toBe(true);
  });

  it('exits 3 when a network call is asked without a terminal', async () => {
    const result = await run(['run', '-e', '(WebFetch :url "http://127.0.0.1:9/")']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^toolcall run: .*denied/);
  });

  it('runs the call with --yes, or with an --allow rule from the command line or config', async () => {
    const server = createServer((_request, response) => response.end('hello from the server'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const script = `(WebFetch :url "${url}")`;
      // Approving every question does not open loopback: only a rule naming the host does.
      const refused = await run(['run', '--yes', '-e', script]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('127.0.0.1 is a loopback address');
      const yes = await run([
        'run',
        '--yes',
        '--allow',
        'WebFetch(domain:127.0.0.1)',
        '-e',
        script,
      ]);
      expect(yes.code).toBe(0);
      expect(yes.stdout).toContain('WebFetch');
      expect((await run(['run', '--allow', 'WebFetch(domain:127.0.0.1)', '-e', script])).code).toBe(
        0,
      );
      const dir = tempDir();
      mkdirSync(join(dir, '.toolcall'));
      writeFileSync(
        join(dir, '.toolcall', 'config.json'),
        JSON.stringify({ permissions: { allow: ['WebFetch(domain:127.0.0.1)'] } }),
      );
      await trustWorkspace(dir);
      expect((await run(['run', '-e', script], dir)).code).toBe(0);
      expect((await run(['run', '--yes', '--deny', 'WebFetch', '-e', script])).code).toBe(3);
    } finally {
      server.close();
    }
  });

  it('runs Bash allowed by a command pattern rule, and denies other commands', async () => {
    const allowed = await run([
      'run',
      '--allow',
      'Bash(echo *)',
      '-e',
      '(Bash :command "echo hi" :description "greet")',
    ]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('Bash echo hi (done');
    const other = await run([
      'run',
      '--allow',
      'Bash(echo *)',
      '-e',
      '(Bash :command "touch made" :description "make a file")',
    ]);
    expect(other.code).toBe(3);
    // A command the analyzer proves read-only needs no rule.
    const readOnly = await run(['run', '-e', '(Bash :command "ls" :description "list")']);
    expect(readOnly.code).toBe(0);
  });

  it('exits 130 when interrupted, cancelling the running call', async () => {
    let release: () => void = () => {};
    const requested = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server never answers: the call is running when the interrupt arrives.
    const server = createServer(() => release());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const child = toolcall([
        'run',
        '--allow',
        'WebFetch(domain:127.0.0.1)',
        '-e',
        `(WebFetch :url "${url}")`,
      ]);
      await requested;
      child.kill('SIGINT');
      const result = await child.done;
      expect(result.code).toBe(130);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('toolcall sessions', () => {
  it('lists, prunes and rejects a bad prune', async () => {
    const dir = tempDir();
    expect((await run(['sessions'], dir)).stdout).toBe('no sessions\n');
    for (const id of ['a', 'b', 'c']) await run(['run', '--session', id, '-e', '1'], dir);
    expect((await run(['sessions', 'prune', '--keep', '1'], dir)).stdout).toBe(
      'removed 2 sessions\n',
    );
    expect(JSON.parse((await run(['sessions', '--json'], dir)).stdout)).toHaveLength(1);
    expect((await run(['sessions', 'prune'], dir)).code).toBe(2);
    expect((await run(['run', '--session', '../x', '-e', '1'], dir)).code).toBe(2);
  });
});

describe('toolcall', () => {
  it('prints usage for help and names an unknown command with exit 2', async () => {
    const help = await run(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: toolcall <command>/);
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('toolcall run output', () => {
  it("shows a one-call script's output, and a longer script's calls as collapsed rows", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'alpha\nbeta\n');
    const one = await run(['run', '-e', '(Read :file_path "a.txt")'], dir);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe('▾ Read a.txt (2 lines)\n  1\talpha\n  2\tbeta\n');
    const two = await run(
      ['run', '-e', '(list (length (Read :file_path "a.txt")) (length (Glob :pattern "*.txt")))'],
      dir,
    );
    expect(two.code).toBe(0);
    expect(two.stdout).toContain('▾ ToolCall: 2 calls\n');
    expect(two.stdout).toContain('  ▸ Read a.txt (2 lines)\n');
    expect(two.stdout).not.toContain('1\talpha');
  });
});

describe('toolcall run: a long returned value', () => {
  const script = '(concat (Read :file_path "lines.txt") "")';
  const workspace = (config?: string) => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'lines.txt'),
      Array.from({ length: 21 }, (_, i) => `l${i + 1}\n`).join(''),
    );
    if (config !== undefined) {
      mkdirSync(join(dir, '.toolcall'));
      writeFileSync(join(dir, '.toolcall', 'config.json'), config);
    }
    return dir;
  };

  it('moves a value over 20 lines into a trailing, collapsed Returned row', async () => {
    const result = await run(['run', '-e', script], workspace());
    expect(result).toEqual({
      code: 0,
      stdout: '▾ ToolCall: 1 call\n  ▸ Read lines.txt (21 lines)\n  ▸ Returned (21 lines)\n',
      stderr: '',
    });
  });

  it('keeps it inline with toolCall.returnedLineThreshold 0, and follows a higher threshold', async () => {
    const inline = await run(
      ['run', '-e', script],
      workspace('{"toolCall":{"returnedLineThreshold":0}}'),
    );
    expect(inline.code).toBe(0);
    expect(inline.stdout).toMatch(/^▾ ToolCall: 1 call\n {2}\s*1\tl1\n/);
    expect(inline.stdout).toContain('21\tl21\n');
    expect(inline.stdout).not.toContain('Returned');
    const higher = await run(
      ['run', '-e', script],
      workspace('{"toolCall":{"returnedLineThreshold":21}}'),
    );
    expect(higher.stdout).toContain('21\tl21\n');
    expect(higher.stdout).not.toContain('Returned');
  });
});

describe('toolcall run in a resumed session', () => {
  it('keeps the outputs earlier runs persisted: each address reads its own data', async () => {
    const dir = tempDir();
    const addressOf = async (first: number) => {
      const result = await run(
        [
          'run',
          '--session',
          's',
          '--yes',
          '--json',
          '-e',
          `(Bash :command "seq ${first} ${first + 100000}" :description "count")`,
        ],
        dir,
      );
      expect(result.code).toBe(0);
      return /artifact:\/\/[\w.-]+/.exec(JSON.parse(result.stdout).result)?.[0];
    };
    const firstAddress = await addressOf(1);
    const secondAddress = await addressOf(500000);
    expect(firstAddress).toBeDefined();
    expect(secondAddress).toBeDefined();
    expect(secondAddress).not.toBe(firstAddress);
    const firstLine = async (address: string) => {
      const read = await run(
        ['call', 'Read', `file_path=${address}`, 'limit=1', '--session', 's', '--json'],
        dir,
      );
      expect(read.code).toBe(0);
      return JSON.parse(read.stdout).result as string;
    };
    expect(await firstLine(firstAddress!)).toMatch(/^1\t1\n/);
    expect(await firstLine(secondAddress!)).toMatch(/^1\t500000\n/);
  });
});

describe('toolcall sessions order', () => {
  it('lists the session used last first, and prune --keep never removes it', async () => {
    const dir = tempDir();
    for (const id of ['a', 'b', 'c']) await run(['run', '--session', id, '-e', '1'], dir);
    await run(['run', '--session', 'a', '-e', '(+ 1 1)'], dir);
    const listed = await run(['sessions'], dir);
    expect(listed.stdout.split('\n')[0]).toMatch(/^a {2}/);
    expect((await run(['sessions', 'prune', '--keep', '1'], dir)).stdout).toBe(
      'removed 2 sessions\n',
    );
    expect(JSON.parse((await run(['sessions', '--json'], dir)).stdout)).toMatchObject([
      { id: 'a' },
    ]);
  });

  it('takes the common flags like every command', async () => {
    const dir = tempDir();
    const result = await run(['sessions', '--yes', '--allow', 'Read', '--sandbox', 'off'], dir);
    expect(result).toEqual({ code: 0, stdout: 'no sessions\n', stderr: '' });
  });
});

describe('toolcall usage errors before running', () => {
  it('exits 2 with one line for a --report path that cannot be written, running nothing', async () => {
    const dir = tempDir();
    for (const report of [join(dir, 'no', 'such', 'r.html'), '', dir]) {
      const result = await run(['run', '-e', '(+ 1 2)', '--report', report], dir);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^toolcall run: --report .*\n$/);
    }
    const call = await run(
      ['call', 'Glob', 'pattern=*', '--report', join(dir, 'no', 'r.html')],
      dir,
    );
    expect(call.code).toBe(2);
    expect(call.stderr).toBe(
      `toolcall call: --report ${join(dir, 'no', 'r.html')}: no directory ${join(dir, 'no')}\n`,
    );
    const written = await run(['run', '-e', '(+ 1 2)', '--report', 'r.html'], dir);
    expect(written.code).toBe(0);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('exits 2 naming a workspace that does not exist, and does not create it', async () => {
    const dir = tempDir();
    const missing = join(dir, 'typo-dir');
    for (const command of [
      ['run', '-e', '1'],
      ['call', 'Glob', 'pattern=*'],
      ['tools'],
      ['sessions'],
    ]) {
      const result = await run([...command, '-C', missing], dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`toolcall ${command[0]}: workspace ${missing} does not exist\n`);
      expect(existsSync(missing)).toBe(false);
    }
    writeFileSync(join(dir, 'file'), '');
    const file = await run(['run', '-e', '1', '-C', join(dir, 'file')], dir);
    expect(file.stderr).toBe(`toolcall run: workspace ${join(dir, 'file')} is not a directory\n`);
  });
});
