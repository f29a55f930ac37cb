import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budgetNames } from '@toolcall/interpreter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

// ToolCall as the bridge hosts it: queued rows and the live aggregate in the live tree, the
// settings Emacs sends, standalone-only Emacs tools, and checkpoints a killed bridge leaves.

interface Row {
  kind: 'row' | 'batch';
  tool: string;
  header: string;
  status: string;
  expandable: boolean;
  children: Row[] | null;
  rows?: Row[];
  body: string | null;
}
type Render = { params: { executionId: string; tree: { items: Row[] } } };

let dir: string;
let state: string;
let bridge: BridgeClient;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-host-'));
  state = mkdtempSync(join(tmpdir(), 'toolcall-state-'));
  writeFileSync(join(dir, 'a.txt'), 'alpha\nbeta\n');
  writeFileSync(
    join(dir, 'long.txt'),
    `${Array.from({ length: 25 }, (_, i) => `line ${i + 1}`).join('\n')}\n`,
  );
  bridge = startBridge(dir);
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

const init = (params: Record<string, unknown> = {}) =>
  bridge.request(1, 'initialize', { workspace: dir, mode: 'ask', ...params });

const run = (id: number, expression: string) =>
  bridge.write(
    JSON.stringify({ jsonrpc: '2.0', id, method: 'toolcall/run', params: { expression } }),
  );

/** The rows under the envelope, batches flattened, as `header status`. */
const rowsOf = (render: Render) =>
  (render.params.tree.items[0]?.children ?? [])
    .flatMap((item) => (item.kind === 'batch' ? (item.rows ?? []) : [item]))
    .map((row) => `${row.header} ${row.status}`);

const renderWhere = (test: (render: Render) => boolean) =>
  bridge.next(
    (m) => m.method === 'toolcall/render' && test(m as unknown as Render),
  ) as Promise<unknown> as Promise<Render>;

describe('queued calls and progress in the live tree', () => {
  it('draws calls waiting for a parallel slot as queued rows that start in turn', async () => {
    await init({ toolCall: { parallelism: 1 } });
    const gate = (n: number) => join(dir, `gate${n}`);
    run(
      2,
      `(parallel (Gate :file "${gate(1)}") (Gate :file "${gate(2)}") (Gate :file "${gate(3)}"))`,
    );
    const waiting = await renderWhere(
      (r) =>
        rowsOf(r).length === 3 && rowsOf(r).filter((row) => row.includes('(queued)')).length === 2,
    );
    expect(rowsOf(waiting)).toEqual([
      expect.stringMatching(/^Gate: .*gate1 running$/),
      'Gate (queued) running',
      'Gate (queued) running',
    ]);
    const envelope = waiting.params.tree.items[0] as Row;
    expect(envelope.header).toContain('[Gate · 0 done · 2 queued]');
    // The three calls of the join are one bracketed batch even while two wait.
    expect(envelope.children?.map((item) => item.kind)).toEqual(['batch']);
    expect(envelope.children?.[0]?.rows?.[1]?.expandable).toBe(false);

    writeFileSync(gate(1), '');
    // Under load a render may be sent while the first call settles and before the second
    // starts; the state to check is the one with all three rows and one still queued.
    const next = await renderWhere(
      (r) =>
        rowsOf(r).length === 3 && rowsOf(r).filter((row) => row.includes('(queued)')).length === 1,
    );
    expect(rowsOf(next)).toEqual([
      expect.stringMatching(/^Gate: .*gate1 success$/),
      expect.stringMatching(/^Gate: .*gate2 running$/),
      'Gate (queued) running',
    ]);
    expect(next.params.tree.items[0]?.header).toContain('[Gate · 1 done · 1 queued]');

    writeFileSync(gate(2), '');
    writeFileSync(gate(3), '');
    const reply = (await bridge.next((m) => m.id === 2)) as {
      result: { status: string; tree: { items: Row[] } };
    };
    expect(reply.result.status).toBe('success');
    const settled = reply.result.tree.items[0] as Row;
    // Settled: no queued row and no live aggregate.
    expect(settled.header).not.toContain('[');
    expect(JSON.stringify(settled)).not.toContain('(queued)');
  });

  it('shows a call waiting for approval in the aggregate', async () => {
    await init({ hostedTools: ['EmacsEval'] });
    run(2, '(list (EmacsEval :form "(+ 1 2)") 1)');
    const ask = await bridge.next((m) => m.method === 'permission/ask');
    const shown = await renderWhere((r) =>
      (r.params.tree.items[0]?.header ?? '').includes('waiting for approval'),
    );
    expect(shown.params.tree.items[0]?.header).toContain(
      '[EmacsEval · 0 done · 1 waiting for approval]',
    );
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: ask.id, result: { answer: 'deny' } }));
    expect(await bridge.next((m) => m.id === 2)).toMatchObject({ result: { status: 'error' } });
  });
});

describe('ToolCall settings from Emacs', () => {
  it('names in Lisp every budget the interpreter has', () => {
    const source = readFileSync(new URL('../lisp/toolcall.el', import.meta.url), 'utf8');
    const list = /\(defconst toolcall-budget-names\s+'\(([^)]*)\)/.exec(source)?.[1] ?? '';
    expect(list.split(/\s+/).filter(Boolean)).toEqual([...budgetNames]);
  });

  it('refuses a bad setting, naming it and what it expects', async () => {
    expect(await init({ toolCall: { parallelism: 0 } })).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('toolCall.parallelism') },
    });
    expect(
      await bridge.request(2, 'initialize', { toolCall: { limits: { speed: 3 } } }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('toolCall.limits') },
    });
    expect(
      await bridge.request(3, 'initialize', { toolCall: { returnedLineThreshold: -1 } }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('toolCall.returnedLineThreshold') },
    });
  });

  it('applies a budget by its interpreter name', async () => {
    await init({ toolCall: { limits: { 'nested-calls': 1 } } });
    const a = join(dir, 'a.txt');
    const reply = (await bridge.request(2, 'toolcall/run', {
      expression: `(list (Read :file_path "${a}") (Read :file_path "${a}"))`,
    })) as { result: { status: string; result: string } };
    expect(reply.result.status).toBe('error');
    expect(reply.result.result).toContain('nested-calls');
  });

  it('keeps a long returned value inline with a threshold of 0, in a Returned row by default', async () => {
    const expression = `(concat (Read :file_path "${join(dir, 'long.txt')}") "")`;
    await init();
    const collapsed = (await bridge.request(2, 'toolcall/run', { expression })) as {
      result: { tree: { items: Row[] } };
    };
    expect(collapsed.result.tree.items[0]?.children?.map((row) => row.tool)).toEqual([
      'Read',
      'Returned',
    ]);
    await bridge.request(3, 'initialize', {
      workspace: dir,
      toolCall: { returnedLineThreshold: 0 },
    });
    const inline = (await bridge.request(4, 'toolcall/run', { expression })) as {
      result: { tree: { items: Row[] } };
    };
    const row = inline.result.tree.items[0] as Row;
    expect(row.children?.map((child) => child.tool)).toEqual(['Read']);
    expect(row.body).toContain('25\tline 25');
  });
});

describe('tools Emacs defines', () => {
  const solo = {
    name: 'Solo',
    description: 'Upcases text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    readOnly: true,
    composable: false,
  };

  it('keeps a standalone-only tool out of composed scripts and runs it as a whole script', async () => {
    await init({ customTools: [solo] });
    const composed = (await bridge.request(2, 'toolcall/run', {
      expression: '(list (emacs/Solo :text "a") 1)',
    })) as { result: { status: string; result: string } };
    expect(composed.result.status).toBe('error');
    expect(composed.result.result).toContain('emacs/Solo is standalone-only');
    run(3, '(emacs/Solo :text "a")');
    const call = await bridge.next((m) => m.method === 'emacs/callTool');
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { result: 'A' } }));
    expect(await bridge.next((m) => m.id === 3)).toMatchObject({
      result: { status: 'success', result: 'A' },
    });
  });
});

describe('checkpoints of running scripts', () => {
  it('serves on when the state directory cannot be read, and says why', async () => {
    const file = join(state, 'not-a-directory');
    writeFileSync(file, '');
    const reply = (await init({ stateDirectory: file })) as {
      result: { recovered: unknown[]; warnings: string[] };
    };
    expect(reply.result.recovered).toEqual([]);
    expect(reply.result.warnings).toEqual([
      expect.stringContaining(
        `The ToolCall checkpoints in ${join(file, 'checkpoints')} could not be recovered`,
      ),
    ]);
    expect(await bridge.request(2, 'toolcall/run', { expression: '(+ 1 2)' })).toMatchObject({
      result: { status: 'success', result: '3' },
    });
  });

  it('serves on when the state directory reads as empty but cannot be created, and says why', async () => {
    // A link to nowhere reads as a missing directory, and no directory can be made through it:
    // as a mistyped or read-only state directory would.
    symlinkSync(join(state, 'nowhere'), join(state, 'checkpoints'));
    const reply = (await init({ stateDirectory: state })) as {
      result: { recovered: unknown[]; warnings: string[] };
    };
    expect(reply.result.recovered).toEqual([]);
    expect(reply.result.warnings).toEqual([
      expect.stringContaining(
        `The ToolCall checkpoints in ${join(state, 'checkpoints')} could not be written`,
      ),
    ]);
    expect(await bridge.request(2, 'toolcall/run', { expression: '(+ 1 2)' })).toMatchObject({
      result: { status: 'success', result: '3' },
    });
  });

  const checkpoints = () => join(state, 'checkpoints');
  const files = () => {
    try {
      // Checkpoints only: a writer's temporary file is renamed away at any moment.
      return readdirSync(checkpoints()).filter((name) => name.endsWith('.toolcall.json'));
    } catch {
      return [];
    }
  };
  /** Whether a checkpoint on disk mentions `text`; one removed as it is read mentions nothing. */
  const holds = (text: string) =>
    files().some((name) => {
      try {
        return readFileSync(join(checkpoints(), name), 'utf8').includes(text);
      } catch {
        return false;
      }
    });
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('consumes a script’s checkpoint once its outcome is delivered', async () => {
    await init({ stateDirectory: state });
    const reply = await bridge.request(2, 'toolcall/run', {
      expression: `(list (Read :file_path "${join(dir, 'a.txt')}") 1)`,
    });
    expect(reply).toMatchObject({ result: { status: 'success' } });
    await until(() => files().length === 0);
    expect(files()).toEqual([]);
  });

  const runWaiting = async (id: number) => {
    run(id, `(list (Read :file_path "${join(dir, 'a.txt')}") (Wait))`);
    await until(() => holds('"Wait"'));
  };

  it('cancels running scripts and consumes their checkpoints on a shutdown notification', async () => {
    await init({ stateDirectory: state });
    await runWaiting(2);
    // As Emacs stops the bridge: the notification, then the end of its input at once.
    bridge.write(JSON.stringify({ jsonrpc: '2.0', method: 'shutdown', params: {} }));
    expect(await bridge.close()).toBe(0);
    expect(bridge.taken((m) => m.id === 2)).toMatchObject([{ error: { code: -32800 } }]);
    expect(files()).toEqual([]);

    bridge = startBridge(dir);
    expect(await init({ stateDirectory: state })).toMatchObject({
      result: { recovered: [], warnings: [] },
    });
  });

  it('answers a shutdown request once running scripts are cancelled and consumed', async () => {
    await init({ stateDirectory: state });
    await runWaiting(2);
    expect(await bridge.request(3, 'shutdown')).toMatchObject({ result: {} });
    expect(bridge.taken((m) => m.id === 2)).toMatchObject([{ error: { code: -32800 } }]);
    expect(files()).toEqual([]);
  });

  it('ends quietly when Emacs stops reading, keeping the undelivered script for recovery', async () => {
    await init({ stateDirectory: state });
    const go = join(dir, 'go');
    run(2, `(list (Read :file_path "${join(dir, 'a.txt')}") (Gate :file "${go}"))`);
    await until(() => holds('"Gate"'));
    // Nobody reads the bridge's output any more; the script then ends, its reply undeliverable.
    const exited = new Promise((resolve) => bridge.child.once('exit', resolve));
    bridge.child.stdout?.destroy();
    writeFileSync(go, '');
    expect(await exited).toBe(0);
    expect(bridge.stderr()).toBe('');
    expect(files()).toHaveLength(1);

    bridge = startBridge(dir);
    const reply = (await init({ stateDirectory: state })) as {
      result: { recovered: { toolUseId: string; tree: { items: Row[] } }[] };
    };
    expect(reply.result.recovered.map((record) => record.toolUseId)).toEqual([
      expect.stringMatching(/^e1-/),
    ]);
    expect(files()).toEqual([]);
  });

  it('runs a script sent right behind a second initialize on the new tool set, not the closed one', async () => {
    await init({ stateDirectory: state });
    // The second initialize recovers checkpoints (it awaits the disk) and closes the first
    // set, whose processes it stops: a Bash call run on that set would fail.
    bridge.write(
      [
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'initialize',
          params: { workspace: dir, mode: 'full-auto', stateDirectory: state },
        }),
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'toolcall/run',
          params: { expression: '(Bash :command "echo fresh" :description "echo")' },
        }),
      ].join('\n'),
    );
    const reply = (await bridge.next((m) => m.id === 3 && !('method' in m))) as {
      result?: { status: string; result: string };
      error?: unknown;
    };
    expect([reply.error, reply.result?.status]).toEqual([undefined, 'success']);
    expect(reply.result?.result).toMatch(/^fresh\n/);
  });

  it('recovers a script a killed bridge left running as an interrupted record', async () => {
    await init({ stateDirectory: state });
    run(2, `(list (Read :file_path "${join(dir, 'a.txt')}") (Wait))`);
    // The autosave writes the journal once the Read has settled and Wait runs.
    await until(() => holds('"Wait"'));
    const killed = new Promise((resolve) => bridge.child.once('exit', resolve));
    bridge.child.kill('SIGKILL');
    await killed;
    mkdirSync(checkpoints(), { recursive: true });
    expect(files()).toHaveLength(1);

    bridge = startBridge(dir);
    const reply = (await init({ stateDirectory: state })) as {
      result: {
        recovered: {
          toolUseId: string;
          status: string;
          result: string;
          tree: { items: Row[] };
        }[];
      };
    };
    const [record] = reply.result.recovered;
    expect(reply.result.recovered).toHaveLength(1);
    expect(record?.toolUseId).toMatch(/^e1-/);
    expect(record?.status).toBe('error');
    expect(record?.result).toContain('interrupted');
    const envelope = record?.tree.items[0] as Row;
    expect([envelope.tool, envelope.status]).toEqual(['ToolCall', 'interrupted']);
    // The row still shows the script it stands for.
    expect(envelope.header).toMatch(
      /^ToolCall: 2 calls \(1 interrupted\) {2}\(list \(Read :file_path /,
    );
    expect(envelope.children?.map((row) => [row.tool, row.status])).toEqual([
      ['Read', 'success'],
      ['Wait', 'interrupted'],
    ]);
    // Consumed: a third bridge finds nothing to recover.
    expect(files()).toEqual([]);
    expect(await bridge.request(3, 'initialize', { stateDirectory: state })).toMatchObject({
      result: { recovered: [], warnings: [] },
    });
  });
});
