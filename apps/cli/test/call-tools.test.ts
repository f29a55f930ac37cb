import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callArguments } from '../src/call-command.js';
import { tempDir, toolcall } from './helpers.js';

const run = (args: readonly string[]) => toolcall(args).done;

describe('callArguments', () => {
  it('merges --args JSON with key=value pairs whose values parse as JSON when they can', () => {
    expect(callArguments('{"a":1}', ['b=2', 'c=src/x.ts', 'd={"e":[1]}'])).toEqual({
      success: true,
      value: { a: 1, b: 2, c: 'src/x.ts', d: { e: [1] } },
    });
  });

  it('names a pair without a key and --args that is not an object', () => {
    expect(callArguments(undefined, ['=1'])).toEqual({
      success: false,
      error: "expected key=value, got '=1'",
    });
    expect(callArguments('[1]', [])).toEqual({
      success: false,
      error: '--args must be a JSON object',
    });
  });
});

describe('toolcall call', () => {
  it('renders one approved call and exits 0, or 3 when it is asked without a terminal', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end('plain text body');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.txt`;
    try {
      const allowLoopback = ['--allow', 'WebFetch(domain:127.0.0.1)'];
      const approved = await run(['call', 'WebFetch', `url=${url}`, '--yes', ...allowLoopback]);
      expect(approved.code).toBe(0);
      expect(approved.stdout).toContain('WebFetch');
      const json = await run([
        'call',
        'WebFetch',
        '--args',
        JSON.stringify({ url }),
        '--yes',
        ...allowLoopback,
        '--json',
      ]);
      expect(JSON.parse(json.stdout)).toMatchObject({ success: true, tool: 'WebFetch' });
      expect(JSON.parse(json.stdout).result).toContain('plain text body');
      expect((await run(['call', 'WebFetch', `url=${url}`])).code).toBe(3);
    } finally {
      server.close();
    }
  });

  it('reads inside the workspace freely and asks before reading outside it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'inside\n');
    const outside = join(tempDir(), 'b.txt');
    writeFileSync(outside, 'outside\n');
    const at = (args: readonly string[]) => toolcall(args, { cwd: dir }).done;
    expect((await at(['call', 'Read', 'file_path=a.txt'])).code).toBe(0);
    expect((await at(['call', 'Read', `file_path=${outside}`])).code).toBe(3);
    expect((await at(['call', 'Read', `file_path=${outside}`, '--yes'])).code).toBe(0);
    const ruled = await at([
      'call',
      'Read',
      `file_path=${outside}`,
      '--allow',
      `Read(path:${outside})`,
    ]);
    expect(ruled.code).toBe(0);
  });

  it('reads the packaged manuals as toolcall:// without asking', async () => {
    for (const manual of ['toolcall://tools/files.md', 'toolcall://toolcall-dialect.md']) {
      const read = await run(['call', 'Read', `file_path=${manual}`, 'limit=1', '--json']);
      expect({ manual, code: read.code }).toEqual({ manual, code: 0 });
      expect(JSON.parse(read.stdout)).toMatchObject({
        success: true,
        result: expect.stringMatching(/^1\t# /),
      });
    }
  });

  it('exits 2 for an unknown tool, invalid arguments, bad JSON or no tool', async () => {
    expect((await run(['call', 'Nope'])).code).toBe(2);
    const invalid = await run(['call', 'WebSearch', 'query=']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('WebSearch input is invalid');
    expect((await run(['call', 'WebFetch', '--args', '{bad'])).stderr).toContain(
      '--args is not JSON',
    );
    expect((await run(['call'])).code).toBe(2);
  });
});

describe('toolcall tools', () => {
  it('lists every tool with its summary and flags', async () => {
    const result = await run(['tools']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').map((line) => line.split(' ')[0])).toEqual([
      'Read',
      'Glob',
      'Grep',
      'ApplyPatch',
      'Bash',
      'WriteStdin',
      'ListExecutions',
      'StopExecution',
      'Monitor',
      'Outline',
      'Node',
      'WebFetch',
      'WebSearch',
      'Skill',
      'ToolSearch',
      'ToolCall',
      '',
    ]);
    expect(result.stdout).toContain('[read-only]');
  });

  it('answers a query with ToolSearch', async () => {
    const result = await run(['tools', 'WebFetch']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## WebFetch\n\n\(WebFetch :url string\)/);
  });
});

describe('toolcall call output', () => {
  it("shows the tool's output under its row", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'first line\nsecond line\n');
    const read = await toolcall(['call', 'Read', 'file_path=a.txt'], { cwd: dir }).done;
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('Read a.txt (2 lines)');
    expect(read.stdout).toContain('1\tfirst line');
    expect(read.stdout).toContain('2\tsecond line');
    const bash = await toolcall(
      ['call', 'Bash', 'command=echo hi there', 'description=greet', '--yes'],
      { cwd: dir },
    ).done;
    expect(bash.code).toBe(0);
    expect(bash.stdout).toMatch(/\n {2}hi there\n/);
    const search = await toolcall(['call', 'ToolSearch', 'query=Outline'], { cwd: dir }).done;
    expect(search.stdout).toContain('(Outline :file_path string)');
  });
});

describe('toolcall call permissions', () => {
  it('keeps asking for network calls to other domains when a rule names one domain', async () => {
    const server = createServer((_request, response) => response.end('fetched body'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.txt`;
    try {
      for (const flag of ['--deny', '--ask', '--allow']) {
        const result = await run([
          'call',
          'WebFetch',
          `url=${url}`,
          flag,
          'WebFetch(domain:evil.example)',
        ]);
        expect(result.code).toBe(3);
        expect(result.stdout).not.toContain('fetched body');
      }
      const search = await run([
        'call',
        'WebSearch',
        'query=anything',
        '--allow',
        'WebSearch(domain:docs.example.com)',
      ]);
      expect(search.code).toBe(3);
      const named = await run([
        'call',
        'WebFetch',
        `url=${url}`,
        '--allow',
        'WebFetch(domain:127.0.0.1)',
      ]);
      expect(named.code).toBe(0);
      expect(named.stdout).toContain('fetched body');
      // A rule for the whole tool still leaves loopback closed: only a rule naming it opens it.
      const whole = await run(['call', 'WebFetch', `url=${url}`, '--allow', 'WebFetch']);
      expect(whole.code).toBe(1);
      expect(whole.stdout).toContain('127.0.0.1 is a loopback address');
    } finally {
      server.close();
    }
  });

  it('asks before Outline or Node read a file outside the workspace', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'inside.ts'), 'export const inside = 1;\n');
    const outside = join(tempDir(), 'secret.ts');
    writeFileSync(outside, 'export const secret = "abc123";\n');
    const at = (args: readonly string[]) => toolcall(args, { cwd: dir }).done;
    for (const args of [
      ['Outline', `file_path=${outside}`],
      ['Node', `file_path=${outside}`, 'line=1', 'whole_file=true'],
    ]) {
      const asked = await at(['call', ...args]);
      expect(asked.code).toBe(3);
      expect(asked.stdout).not.toContain('abc123');
      expect(asked.stderr).toContain('Permission denied');
      expect((await at(['call', ...args, '--yes'])).code).toBe(0);
    }
    const node = await at(['call', 'Node', 'file_path=inside.ts', 'line=1', 'whole_file=true']);
    expect(node.code).toBe(0);
    expect((await at(['call', 'Outline', 'file_path=inside.ts'])).code).toBe(0);
  });
});
