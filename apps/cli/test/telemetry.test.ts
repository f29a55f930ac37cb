import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, startMcpSession, tempDir, toolcall, trustWorkspace } from './helpers.js';

const run = (args: readonly string[], cwd: string) => toolcall(args, { cwd }).done;

type Line = Record<string, unknown>;

const logOf = (dir: string, session: string) =>
  join(dir, '.toolcall', 'sessions', session, 'telemetry.jsonl');

/** The log's text and its lines, each checked to be one JSON object. */
function readLog(file: string): { text: string; lines: Line[] } {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
  return { text, lines };
}

const TOOL_CALL_KEYS = [
  'type',
  'time',
  'tool',
  'toolUseId',
  'parentId',
  'origin',
  'source',
  'outcome',
  'errorCode',
  'validation',
  'rules',
  'permission',
  'durationMs',
];
const SPAN_KEYS = ['type', 'time', 'outcome', 'budget', 'nestedCalls', 'durationMs'];

/** Every line has exactly the keys of its type, an ISO time and a number of milliseconds. */
function expectShapes(lines: readonly Line[]): void {
  for (const line of lines) {
    expect(Object.keys(line)).toEqual(line.type === 'ptc-script' ? SPAN_KEYS : TOOL_CALL_KEYS);
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
    expect(typeof line.durationMs).toBe('number');
  }
}

const SCRIPT = '(list (Read :file_path "notes/a.txt") (Grep :pattern "needle-word" :path "notes"))';

function workspace(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes', 'a.txt'), 'alpha secret-content\nneedle-word here\n');
  return dir;
}

describe('the telemetry log of a session', () => {
  it('records a script span and its nested calls, redacted, and a resume appends to it', async () => {
    const dir = workspace();
    const result = await run(['run', '--session', 's1', '-e', SCRIPT], dir);
    expect([result.code, result.stderr]).toEqual([0, '']);
    const { text, lines } = readLog(logOf(dir, 's1'));
    expectShapes(lines);
    expect(lines.map((line) => [line.type, line.tool, line.source, line.outcome])).toEqual([
      ['tool-call', 'Read', 'ptc', 'success'],
      ['tool-call', 'Grep', 'ptc', 'success'],
      ['ptc-script', undefined, undefined, 'success'],
      ['tool-call', 'ToolCall', 'direct', 'success'],
    ]);
    expect(lines[2]).toMatchObject({ budget: null, nestedCalls: 2 });
    expect(lines[0]).toMatchObject({ errorCode: null, validation: 'valid', rules: [] });
    // Each nested call names its id under the script's and how its permission was decided.
    expect(lines[0]).toMatchObject({
      toolUseId: `${String(lines[3]?.toolUseId)}/1`,
      parentId: lines[3]?.toolUseId,
      permission: { decision: 'allow', source: 'mode' },
    });
    // Nothing of the script, its arguments, paths or results.
    for (const secret of ['needle-word', 'notes', 'a.txt', 'secret-content', 'alpha', dir]) {
      expect(text).not.toContain(secret);
    }

    expect(
      (await run(['call', '--session', 's1', 'Read', 'file_path=notes/a.txt'], dir)).code,
    ).toBe(0);
    const again = readLog(logOf(dir, 's1')).lines;
    expect(again.slice(0, 4)).toEqual(lines);
    expect(again.slice(4).map((line) => [line.tool, line.source])).toEqual([['Read', 'direct']]);
  });

  it('records the kind and budget of a script stopped by its nested-call budget', async () => {
    const dir = workspace();
    const result = await run(
      [
        'run',
        '--session',
        's1',
        '-e',
        '(let ((l nil)) (dotimes (i 201) (push i l)) (parallel-map (lambda (i) (Read :file_path "notes/a.txt")) l))',
      ],
      dir,
    );
    expect(result.code).toBe(1);
    const { lines } = readLog(logOf(dir, 's1'));
    expectShapes(lines);
    expect(lines).toMatchObject([
      { type: 'ptc-script', outcome: 'budget', budget: 'nested-calls', nestedCalls: 0 },
      { type: 'tool-call', tool: 'ToolCall', outcome: 'error', errorCode: 'handler-failed' },
    ]);
  });

  it('is written before an interrupted run exits with 130', async () => {
    const dir = workspace();
    let release: () => void = () => {};
    const requested = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server never answers: WebFetch is running when the interrupt arrives.
    const server = createServer(() => release());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const child = toolcall(
        [
          'run',
          '--session',
          's1',
          '--allow',
          'WebFetch(domain:127.0.0.1)',
          '-e',
          `(Read :file_path "notes/a.txt") (WebFetch :url "${url}")`,
        ],
        { cwd: dir },
      );
      await requested;
      child.kill('SIGINT');
      expect((await child.done).code).toBe(130);
    } finally {
      server.closeAllConnections();
      server.close();
    }
    const { lines } = readLog(logOf(dir, 's1'));
    expectShapes(lines);
    const rows = lines.map((line) => [line.type, line.tool, line.outcome]);
    expect(rows.slice(0, 2)).toEqual([
      ['tool-call', 'Read', 'success'],
      ['tool-call', 'WebFetch', 'error'],
    ]);
    // The envelope settles as it is cancelled; its script ends a moment later.
    expect(rows.slice(2)).toEqual([
      ['tool-call', 'ToolCall', 'error'],
      ['ptc-script', undefined, 'cancelled'],
    ]);
  });

  it('is written by the MCP server, up to its stop at the end of stdin', async () => {
    const dir = workspace();
    const server = spawn(process.execPath, [bin, 'mcp', '--session', 'm1'], {
      cwd: dir,
      env: { ...process.env, XDG_CONFIG_HOME: join(dir, '.xdg') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    const replies = new Set<number>();
    const answered = new Promise<void>((resolve) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        for (const line of out.split('\n')) {
          const id = /^\{.*"id":(\d+)/.exec(line)?.[1];
          if (id !== undefined) replies.add(Number(id));
        }
        if (replies.has(2) && replies.has(3)) resolve();
      });
    });
    const send = startMcpSession(server.stdin);
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'Read', arguments: { file_path: 'notes/a.txt' } },
    });
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'ToolCall', arguments: { expression: SCRIPT } },
    });
    await answered;
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    const { text, lines } = readLog(logOf(dir, 'm1'));
    expectShapes(lines);
    // The two calls run at once: the direct Read may settle anywhere among the script's lines.
    const script = lines.filter((line) => !(line.tool === 'Read' && line.source === 'direct'));
    expect(script.map((line) => [line.type, line.tool, line.source])).toEqual([
      ['tool-call', 'Read', 'ptc'],
      ['tool-call', 'Grep', 'ptc'],
      ['ptc-script', undefined, undefined],
      ['tool-call', 'ToolCall', 'direct'],
    ]);
    expect(lines.length - script.length).toBe(1);
    for (const secret of ['needle-word', 'notes', 'secret-content', dir]) {
      expect(text).not.toContain(secret);
    }
  });

  it('that cannot be written warns once, and the calls succeed', async () => {
    const dir = workspace();
    mkdirSync(logOf(dir, 's1'), { recursive: true });
    const result = await run(['run', '--session', 's1', '-e', SCRIPT], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('▾ ToolCall: 2 calls');
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      `toolcall: session s1: the telemetry log ${logOf(dir, 's1')} could not be written (EISDIR); the calls go on and its lines are tried again`,
    ]);
  });

  it('keeps no session nobody named for its telemetry alone, and is off with "telemetry": false', async () => {
    const dir = workspace();
    expect((await run(['call', 'Read', 'file_path=notes/a.txt'], dir)).code).toBe(0);
    expect(existsSync(join(dir, '.toolcall'))).toBe(false);

    // A script's session stays (its checkpoint directory), and its log with it.
    expect((await run(['run', '-e', SCRIPT], dir)).code).toBe(0);
    const [unnamed] = readdirSync(join(dir, '.toolcall', 'sessions'));
    expect(readLog(logOf(dir, unnamed!)).lines).toHaveLength(4);

    // A named session is kept for its log.
    expect(
      (await run(['call', '--session', 'named', 'Read', 'file_path=notes/a.txt'], dir)).code,
    ).toBe(0);
    expect(readLog(logOf(dir, 'named')).lines).toHaveLength(1);

    // The workspace file wins over the user file.
    mkdirSync(join(dir, '.xdg', 'toolcall'), { recursive: true });
    writeFileSync(join(dir, '.xdg', 'toolcall', 'config.json'), '{"telemetry":false}');
    expect((await run(['run', '--session', 'quiet', '-e', SCRIPT], dir)).code).toBe(0);
    expect(readdirSync(join(dir, '.toolcall', 'sessions', 'quiet'))).toEqual(['toolcall']);
    writeFileSync(join(dir, '.toolcall', 'config.json'), '{"telemetry":true}');
    // Turning on what the user turned off takes a trusted file.
    await trustWorkspace(dir);
    expect((await run(['run', '--session', 'loud', '-e', SCRIPT], dir)).code).toBe(0);
    expect(readLog(logOf(dir, 'loud')).lines).toHaveLength(4);
  });
});
