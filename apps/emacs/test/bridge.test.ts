import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

let dir: string;
let bridge: BridgeClient;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-bridge-'));
  writeFileSync(join(dir, 'a.txt'), 'alpha\nbeta\n');
  writeFileSync(join(dir, 'b.txt'), 'gamma\nalphabet\n');
  bridge = startBridge(dir);
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

const init = (hostedTools: string[] = []) =>
  bridge.request(1, 'initialize', { workspace: dir, mode: 'ask', hostedTools });

describe('bridge protocol', () => {
  it('answers a malformed line with a parse error and keeps serving', async () => {
    bridge.write('{not json');
    expect(await bridge.next((m) => 'error' in m)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700 },
    });
    expect(await init()).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
  });

  it('answers a line over the 10 MiB limit with an invalid-request error and keeps serving', async () => {
    await init();
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 41,
      method: 'toolcall/run',
      params: { expression: `"${'x'.repeat(10 * 1024 * 1024)}"` },
    });
    bridge.write(huge);
    expect(await bridge.next((m) => m.id === 41)).toEqual({
      jsonrpc: '2.0',
      id: 41,
      error: {
        code: -32600,
        message:
          'Invalid request: the message is longer than the 10 MiB (10485760 bytes) line limit; it was dropped',
      },
    });
    expect(await bridge.request(42, 'tools/list')).toMatchObject({ id: 42, result: {} });
  });

  it('returns invalid-request, method-not-found and invalid-params errors with the request id', async () => {
    bridge.write(JSON.stringify({ id: 7, method: 'tools/list' }));
    expect(await bridge.next((m) => m.id === 7)).toMatchObject({ error: { code: -32600 } });
    expect(await bridge.request(8, 'no/such')).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32601, message: 'Method not found: no/such' },
    });
    expect(await bridge.request(9, 'toolcall/run', { expression: 3 })).toMatchObject({
      id: 9,
      error: { code: -32602 },
    });
  });

  it('lists tools with their arguments after initialize', async () => {
    await init(['EmacsDescribe']);
    const reply = (await bridge.request(2, 'tools/list')) as {
      result: { tools: { name: string }[] };
    };
    const names = reply.result.tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Read',
        'Grep',
        'Glob',
        'Bash',
        'Outline',
        'ToolCall',
        'EmacsDescribe',
      ]),
    );
    expect(reply.result.tools.find((tool) => tool.name === 'Read')).toMatchObject({
      arguments: [{ name: 'file_path', type: 'string', required: true }],
    });
  });

  it('sends the live tree of a busy script at a bounded rate, then the settled tree last', async () => {
    await init();
    const expression = `(dotimes (i 60) (Read :file_path "${dir}/a.txt"))`;
    const reply = (await bridge.request(4, 'toolcall/run', { expression })) as {
      result: { executionId: string; status: string };
    };
    expect(reply.result.status).toBe('success');
    const renders = bridge.taken(
      (m) =>
        m.method === 'toolcall/render' &&
        (m.params as { executionId: string }).executionId === reply.result.executionId,
    );
    // 60 nested calls change the live tree 120 times; it goes out at most every 100 ms.
    expect(renders.length).toBeLessThan(60);
    const last = renders.at(-1)?.params as {
      tree: { items: { status: string; children: unknown[] }[] };
    };
    expect(last.tree.items[0]?.status).toBe('success');
    expect(last.tree.items[0]?.children).toHaveLength(60);
  });

  it('runs a script with nested calls and streams render trees', async () => {
    await init();
    const expression = `(list (Read :file_path "${dir}/a.txt") (Grep :pattern "alpha" :path "${dir}"))`;
    const reply = (await bridge.request(3, 'toolcall/run', { expression })) as {
      result: {
        status: string;
        result: string;
        tree: { items: { children: { tool: string; header: string }[] }[] };
      };
    };
    expect(reply.result.status).toBe('success');
    expect(reply.result.result).toContain('1\talpha');
    const children = reply.result.tree.items[0]?.children ?? [];
    expect(children.map((row) => row.tool)).toEqual(['Read', 'Grep']);
    const live = await bridge.next((m) => m.method === 'toolcall/render');
    expect(live).toMatchObject({ params: { executionId: 'e1' } });
  });

  // The fixture module replaces Read and Grep; the built-in Glob finds the packaged manuals.
  it('serves the packaged manuals as toolcall:// to a script', async () => {
    await init();
    const expression = '(Glob :pattern "*.md" :path "toolcall://tools")';
    const reply = (await bridge.request(3, 'toolcall/run', { expression })) as {
      result: { status: string; result: string };
    };
    expect(reply.result).toMatchObject({ status: 'success' });
    expect(reply.result.result).toContain('toolcall://tools/applypatch.md');
    expect(reply.result.result).toContain('toolcall://tools/files.md');
  });

  it('asks Emacs for permission and forwards a hosted tool call to it', async () => {
    await init(['EmacsEval']);
    bridge.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'EmacsEval', arguments: { form: '(+ 1 2)' } },
      }),
    );
    const ask = await bridge.next((m) => m.method === 'permission/ask');
    expect(ask).toMatchObject({ params: { toolName: 'EmacsEval', input: { form: '(+ 1 2)' } } });
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: ask.id, result: { answer: 'allow-once' } }));
    const call = await bridge.next((m) => m.method === 'emacs/callTool');
    expect(call).toMatchObject({ params: { name: 'EmacsEval', arguments: { form: '(+ 1 2)' } } });
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { result: '3' } }));
    expect(await bridge.next((m) => m.id === 4)).toMatchObject({
      result: { status: 'success', result: '3' },
    });
  });

  it('denies a hosted call when Emacs answers deny', async () => {
    await init(['EmacsEval']);
    bridge.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'EmacsEval', arguments: { form: '(kill-emacs)' } },
      }),
    );
    const ask = await bridge.next((m) => m.method === 'permission/ask');
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: ask.id, result: { answer: 'deny' } }));
    expect(await bridge.next((m) => m.id === 5)).toMatchObject({ result: { status: 'error' } });
  });

  it('registers tools Emacs defines as emacs/NAME and composes them in scripts', async () => {
    await bridge.request(1, 'initialize', {
      customTools: [
        {
          name: 'Upcase',
          description: 'Upcases text.',
          inputSchema: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
          },
          readOnly: true,
        },
      ],
    });
    bridge.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'toolcall/run',
        params: { expression: '(list (emacs/Upcase :text "abc") 1)' },
      }),
    );
    const call = await bridge.next((m) => m.method === 'emacs/callTool');
    expect(call).toMatchObject({ params: { name: 'emacs/Upcase', arguments: { text: 'abc' } } });
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { result: 'ABC' } }));
    expect(await bridge.next((m) => m.id === 2)).toMatchObject({
      result: { status: 'success', result: '("ABC" 1)' },
    });
  });

  it('cancels a running script on $/cancelRequest and lists it as cancelled', async () => {
    await init();
    bridge.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 6,
        method: 'toolcall/run',
        params: { expression: '(Wait)' },
      }),
    );
    const live = await bridge.next(
      (m) => m.method === 'toolcall/render' && JSON.stringify(m).includes('"tool":"Wait"'),
    );
    expect(live).toMatchObject({
      params: {
        executionId: 'e1',
        tree: {
          items: [
            {
              tool: 'ToolCall',
              status: 'running',
              children: [{ tool: 'Wait', status: 'running' }],
            },
          ],
        },
      },
    });
    bridge.write(JSON.stringify({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 6 } }));
    expect(await bridge.next((m) => m.id === 6)).toMatchObject({ error: { code: -32800 } });
    expect(await bridge.request(10, 'executions/list')).toMatchObject({
      result: { executions: [{ id: 'e1', tool: 'ToolCall', status: 'cancelled' }] },
    });
  });
});
