import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  PermissionAnswer,
  PermissionMode,
  PermissionRequest,
  PermissionRule,
} from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSet, type ToolSet } from '../tool-set.js';
import { privateHostsAllowedByRules } from './destination-guard.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';

// Network egress through the tool set with its defaults: WebFetch and WebSearch ask for a host
// no rule allows, in ask and edits mode, whatever generic rules say about reads.
let server: LoopbackServer;
let workspace = '';

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      request.url?.startsWith('/html/')
        ? '<div class="result"><a class="result__a" href="https://example.com/">Example</a></div>'
        : 'fetched',
    );
  });
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-web-permissions-')));
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

interface Recorded {
  readonly set: ToolSet;
  readonly asked: PermissionRequest[];
  call(name: string, input: Record<string, unknown>): Promise<{ status: string; result: unknown }>;
}

/** A default tool set over a real workspace whose asker records each request and answers. */
function toolSetWith({
  mode = 'ask',
  rules = [],
  answer = 'deny',
}: {
  mode?: PermissionMode;
  rules?: PermissionRule[];
  answer?: PermissionAnswer;
} = {}): Recorded {
  const asked: PermissionRequest[] = [];
  let set: ToolSet | undefined;
  set = createToolSet({
    workspace,
    permissions: { mode, rules },
    askUser: (request) => {
      asked.push(request);
      return answer;
    },
    web: {
      // The one-line wiring a tool set gives WebFetch: private hosts only by exact allow rules.
      fetch: { allowPrivateHosts: privateHostsAllowedByRules(() => set?.pipeline.rules() ?? []) },
      search: { endpoint: `${server.url}/html/` },
    },
  });
  let count = 0;
  return {
    set,
    asked,
    call: async (name, input) => {
      count += 1;
      const outcome = await set.pipeline.runTool({ name, input, toolUseId: `toolu_${count}` })
        .outcome;
      return { status: outcome.status, result: outcome.result };
    },
  };
}

const summary = (request: PermissionRequest) => ({
  tool: request.toolName,
  domain: request.facts.domain,
  reason: request.reason,
});

const NETWORK_REASON = 'network tool: it sends data to hosts outside this machine';

describe('WebFetch and WebSearch ask before data leaves the machine', () => {
  it('asks in ask mode for a host no rule allows, and never connects when denied', async () => {
    const { asked, call, set } = toolSetWith();
    const before = server.requests.length;
    const fetched = await call('WebFetch', { url: `${server.url}/secret?token=abc` });
    const searched = await call('WebSearch', { query: 'token abc' });
    const declined = { status: 'error', result: 'Error: Permission denied: the user declined.' };
    expect([fetched, searched]).toEqual([declined, declined]);
    expect(asked.map(summary)).toEqual([
      { tool: 'WebFetch', domain: '127.0.0.1', reason: NETWORK_REASON },
      { tool: 'WebSearch', domain: '127.0.0.1', reason: NETWORK_REASON },
    ]);
    expect(server.requests.length).toBe(before);
    await set.close();
  });

  it('asks in edits mode too, and for every spelling of an unallowed host', async () => {
    const { asked, call, set } = toolSetWith({
      mode: 'edits',
      rules: [{ tool: 'WebFetch', domain: 'docs.example.com', action: 'allow' }],
    });
    for (const url of [
      'https://evil.example/x',
      'https://docs.example.com@evil.example/x',
      'https://docs.example.com.evil.example/x',
      'https://evil.example./x',
    ]) {
      expect((await call('WebFetch', { url })).result).toBe(
        'Error: Permission denied: the user declined.',
      );
    }
    expect(asked.map((request) => request.facts.domain)).toEqual([
      'evil.example',
      'evil.example',
      'docs.example.com.evil.example',
      'evil.example',
    ]);
    await set.close();
  });

  it('lets generic read rules not admit egress: a rule for Read or every read-only tool does not', async () => {
    const { asked, call, set } = toolSetWith({
      rules: [
        { tool: 'Read', action: 'allow' },
        { tool: 'Read', path: '**', action: 'allow' },
      ],
    });
    expect((await call('WebFetch', { url: 'https://example.com/' })).result).toBe(
      'Error: Permission denied: the user declined.',
    );
    expect(asked).toHaveLength(1);
    await set.close();
  });

  it('fetches without a question when a domain rule allows the host, and refuses a private host no rule names', async () => {
    const { asked, call, set } = toolSetWith({
      rules: [
        { tool: 'WebFetch', domain: '127.0.0.1', action: 'allow' },
        { tool: 'WebSearch', domain: '127.0.0.1', action: 'allow' },
        { tool: 'WebFetch', domain: 'localhost', action: 'ask' },
      ],
      answer: 'allow-once',
    });
    expect(await call('WebFetch', { url: `${server.url}/page` })).toEqual({
      status: 'success',
      result: 'fetched',
    });
    expect((await call('WebSearch', { query: 'example' })).result).toBe(
      '1. Example\n   https://example.com/',
    );
    expect(asked).toEqual([]);
    // An ask rule naming the host opens it to the person's answer: allowed once, it is fetched.
    expect(await call('WebFetch', { url: `http://localhost:${server.port}/page` })).toEqual({
      status: 'success',
      result: 'fetched',
    });
    // A private host no rule names: the person's allow-once reaches the guard, which refuses.
    const before = server.requests.length;
    expect(await call('WebFetch', { url: `http://127.0.0.2:${server.port}/page` })).toEqual({
      status: 'error',
      result: `Error: refused http://127.0.0.2:${server.port}/page: 127.0.0.2 is a loopback address; only a permission rule naming exactly 127.0.0.2 admits it`,
    });
    expect(asked.map(summary)).toEqual([
      { tool: 'WebFetch', domain: 'localhost', reason: 'ask rule for WebFetch domain localhost' },
      { tool: 'WebFetch', domain: '127.0.0.2', reason: expect.any(String) },
    ]);
    expect(server.requests.length).toBe(before);
    await set.close();
  });

  it('admits a private host once the person answers allow-always, by the exact rule it adds', async () => {
    const { asked, call, set } = toolSetWith({ answer: 'allow-always' });
    expect(await call('WebFetch', { url: `${server.url}/page` })).toEqual({
      status: 'success',
      result: 'fetched',
    });
    expect(await call('WebFetch', { url: `${server.url}/again` })).toEqual({
      status: 'success',
      result: 'fetched',
    });
    expect(asked).toHaveLength(1);
    expect(set.pipeline.rules()).toContainEqual({
      tool: 'WebFetch',
      domain: '127.0.0.1',
      action: 'allow',
    });
    await set.close();
  });

  it('runs without a question in full-auto, yet still refuses a private host no rule names', async () => {
    const { asked, call, set } = toolSetWith({ mode: 'full-auto' });
    expect(await call('WebFetch', { url: `http://2130706433:${server.port}/` })).toEqual({
      status: 'error',
      result: `Error: refused http://127.0.0.1:${server.port}/: 127.0.0.1 is a loopback address; only a permission rule naming exactly 127.0.0.1 admits it`,
    });
    expect(asked).toEqual([]);
    await set.close();
  });

  it('keeps WebFetch a read for plan mode and MCP clients: it only GETs and takes no method', async () => {
    const { call, set } = toolSetWith({ mode: 'full-auto' });
    const tool = set.pipeline.tool('WebFetch');
    expect([tool?.readOnly, tool?.destructive]).toEqual([true, true]);
    const posted = await call('WebFetch', { url: `${server.url}/page`, method: 'POST', body: 'x' });
    expect(posted).toEqual({
      status: 'error',
      result:
        'WebFetch input is invalid; the tool was not executed.\n\n- `method`: unexpected property.\n- `body`: unexpected property.\n\nNo tentative repairs were applied.',
    });
    await set.close();
  });
});
