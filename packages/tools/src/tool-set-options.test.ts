import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  PermissionRule,
  ScriptSpan,
  TelemetryRecord,
  Tool,
  ToolCallCheckpoint,
  ToolCallProgress,
} from '@toolcall/pipeline';
import { createMemoryCheckpointStore, defineTool, wrapTool, z } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createTestWorkspace } from './testing/workspace.js';
import { createToolSet, type ToolSet } from './tool-set.js';

// A wrapped tool (like an upstream MCP tool) named `test/NAME` that echoes its text back.
function echoTool(name: string, groups: readonly string[]): Tool {
  return wrapTool({
    category: 'test',
    name,
    description: `Echoes its text (${name}).`,
    groups,
    source: () => ({
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      },
      call: (args) => `echo:${String(args.text)}`,
    }),
  }) as unknown as Tool;
}

describe('createToolSet options', () => {
  it('registers extraTools before the envelopes and lets extraGroups and composable reach them', async () => {
    const workspace = await createTestWorkspace({
      extraTools: [echoTool('Echo', ['upstream'])],
      extraGroups: ['upstream'],
      composable: ['test/Echo'],
    });
    try {
      const names = workspace.toolSet.pipeline.tools().map((tool) => tool.name);
      expect(names.slice(-3)).toEqual(['test/Echo', 'ToolSearch', 'ToolCall']);
      expect(String((await workspace.run('ToolSearch', { query: 'Echo' })).result)).toContain(
        '(test/Echo :text',
      );
      expect(
        await workspace.run('ToolCall', { expression: '(concat (test/Echo :text "a") "!")' }),
      ).toEqual({ status: 'success', result: 'echo:a!' });
    } finally {
      await workspace.dispose();
    }
  });

  it('keeps an extra tool out of ToolCall when its group is not discoverable', async () => {
    const workspace = await createTestWorkspace({ extraTools: [echoTool('Echo', ['upstream'])] });
    try {
      const outcome = await workspace.run('ToolCall', { expression: '(test/Echo :text "a")' });
      expect(outcome.status).toBe('error');
      expect(await workspace.run('test/Echo', { text: 'b' })).toEqual({
        status: 'success',
        result: 'echo:b',
      });
    } finally {
      await workspace.dispose();
    }
  });

  it('replaces a built-in tool with an extra tool of the same name', async () => {
    const read = wrapTool({
      category: 'test',
      name: 'Echo',
      description: 'A stand-in.',
      source: () => ({ inputSchema: { type: 'object' }, call: () => 'mine' }),
    }) as unknown as Tool;
    const own = Object.freeze({ ...read, name: 'Read' }) as Tool;
    const workspace = await createTestWorkspace({ extraTools: [own] });
    try {
      const names = workspace.toolSet.pipeline.tools().map((tool) => tool.name);
      expect(names.filter((name) => name === 'Read')).toEqual(['Read']);
      expect(names.indexOf('Read')).toBeGreaterThan(names.indexOf('Grep'));
      expect(await workspace.run('ToolCall', { expression: '(Read)' })).toEqual({
        status: 'success',
        result: 'mine',
      });
    } finally {
      await workspace.dispose();
    }
  });

  it('makes the names in native callable from ToolCall whatever their groups', async () => {
    const workspace = await createTestWorkspace({
      extraTools: [echoTool('Plain', [])],
      native: ['test/Plain'],
    });
    try {
      expect(await workspace.run('ToolCall', { expression: '(test/Plain :text "n")' })).toEqual({
        status: 'success',
        result: 'echo:n',
      });
    } finally {
      await workspace.dispose();
    }
  });

  it('reports ToolCall progress to onProgress', async () => {
    const progress: ToolCallProgress[] = [];
    const workspace = await createTestWorkspace({ onProgress: (update) => progress.push(update) });
    try {
      await workspace.write('p.txt', 'p\n');
      const outcome = await workspace.run('ToolCall', { expression: '(Read :file_path "p.txt")' });
      expect(outcome).toEqual({ status: 'success', result: '1\tp' });
      expect(progress.at(-1)).toMatchObject({ active: [], completed: 1, failed: 0, denied: 0 });
      expect(progress.some((update) => update.active.includes('Read'))).toBe(true);
    } finally {
      await workspace.dispose();
    }
  });

  it("with settlementCommit 'host', keeps a script running in the store until commitToolCall", async () => {
    const checkpoints = createMemoryCheckpointStore();
    const workspace = await createTestWorkspace({
      checkpoints,
      toolCall: { settlementCommit: 'host' },
    });
    try {
      await workspace.write('p.txt', 'p\n');
      const outcome = await workspace.call('ToolCall', {
        expression: '(Read :file_path "p.txt") (Read :file_path "p.txt")',
      });
      expect(outcome.status).toBe('success');
      const states = async () =>
        (await checkpoints.list()).map((checkpoint) => [
          checkpoint.state,
          checkpoint.children.map((child) => child.status),
        ]);
      expect(await states()).toEqual([['running', ['success', 'success']]]);
      await workspace.toolSet.commitToolCall(outcome.toolUseId);
      expect(await states()).toEqual([['settled', ['success', 'success']]]);
    } finally {
      await workspace.dispose();
    }
  });

  it('hands out the journals of running scripts for an autosave, and none once they settle', async () => {
    const seen: ToolCallCheckpoint[][] = [];
    let set: ToolSet | undefined;
    const probe = defineTool({
      name: 'Probe',
      description: 'Reports the journals while it runs.',
      readOnly: true,
      args: z.object({}),
      handler: async () => {
        seen.push(set!.toolCallJournals());
        return 'probed';
      },
    }) as unknown as Tool;
    const workspace = await createTestWorkspace({ extraTools: [probe], native: ['Probe'] });
    set = workspace.toolSet;
    try {
      await workspace.write('p.txt', 'p\n');
      const outcome = await workspace.call('ToolCall', {
        expression: '(Read :file_path "p.txt") (Probe)',
      });
      expect(outcome.status).toBe('success');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject([
        {
          version: 1,
          envelopeId: outcome.toolUseId,
          state: 'running',
          children: [
            { id: `${outcome.toolUseId}/1`, tool: 'Read', status: 'success', result: '1\tp' },
            { id: `${outcome.toolUseId}/2`, tool: 'Probe', status: 'running' },
          ],
        },
      ]);
      expect(set.toolCallJournals()).toEqual([]);
    } finally {
      await workspace.dispose();
    }
  });

  it('collapses a long returned value at toolCall.returnedLineThreshold (default 20, 0 never)', async () => {
    const collapsedAt = async (toolCall?: { returnedLineThreshold: number }) => {
      const workspace = await createTestWorkspace(toolCall === undefined ? {} : { toolCall });
      try {
        await workspace.write('l.txt', Array.from({ length: 21 }, (_, i) => `l${i}\n`).join(''));
        const outcome = await workspace.call('ToolCall', {
          expression: '(concat (Read :file_path "l.txt") "")',
        });
        return (outcome.renderData as { returned: { lines: number; collapsed: boolean } }).returned;
      } finally {
        await workspace.dispose();
      }
    };
    expect(await collapsedAt()).toEqual(expect.objectContaining({ lines: 21, collapsed: true }));
    expect(await collapsedAt({ returnedLineThreshold: 0 })).toMatchObject({ collapsed: false });
    expect(await collapsedAt({ returnedLineThreshold: 21 })).toMatchObject({ collapsed: false });
    expect(await collapsedAt({ returnedLineThreshold: 5 })).toMatchObject({ collapsed: true });
  });

  it('passes the toolCall settings to the driver (its span and budgets) and telemetry to the pipeline', async () => {
    const spans: ScriptSpan[] = [];
    const records: TelemetryRecord[] = [];
    const workspace = await createTestWorkspace({
      toolCall: {
        limits: { nestedCalls: 1 },
        telemetry: (span) => spans.push(span),
      },
      telemetry: (record) => records.push(record),
    });
    try {
      await workspace.write('p.txt', 'p\n');
      const one = await workspace.call('ToolCall', { expression: '(Read :file_path "p.txt")' });
      expect(one.status).toBe('success');
      const two = await workspace.call('ToolCall', {
        expression: '(list (Read :file_path "p.txt") (Read :file_path "p.txt"))',
      });
      expect(two.status).toBe('error');
      expect(spans.map(({ durationMs, ...span }) => span)).toEqual([
        { name: 'ptc-script', outcome: 'success', budget: undefined, nestedCalls: 1 },
        { name: 'ptc-script', outcome: 'budget', budget: 'nested-calls', nestedCalls: 1 },
      ]);
      // The pipeline's own records: each nested Read and each envelope, redacted.
      expect(records.map((record) => [record.tool, record.source, record.outcome])).toEqual([
        ['Read', 'ptc', 'success'],
        ['ToolCall', expect.any(String), 'success'],
        ['Read', 'ptc', 'success'],
        ['ToolCall', expect.any(String), 'error'],
      ]);
    } finally {
      await workspace.dispose();
    }
  });

  it('reports the rule an allow-always answer adds to onRuleAdded', async () => {
    const added: [PermissionRule, string][] = [];
    const workspace = await createTestWorkspace({
      permissions: { mode: 'ask' },
      askUser: () => 'allow-always',
      onRuleAdded: (rule, scope) => added.push([rule, scope]),
    });
    try {
      await workspace.write('r.txt', 'r\n');
      const outcome = await workspace.run('ApplyPatch', {
        patch: '*** Begin Patch\n*** Delete File: r.txt\n*** End Patch',
      });
      expect(outcome.status).toBe('success');
      expect(added).toEqual([[{ tool: 'ApplyPatch', path: 'r.txt', action: 'allow' }, 'always']]);
    } finally {
      await workspace.dispose();
    }
  });

  it('hides the sessionStore from Bash under its own confined process manager', async () => {
    // Confined children get a private /tmp (and the checkout itself may sit under /tmp), so
    // the store goes where the read-only host root stays visible.
    const store = await mkdtemp(path.join('/var/tmp', 'toolcall-store-'));
    await writeFile(path.join(store, 'secret.txt'), 'secret\n');
    const read = async (options: { sessionStore?: string }) => {
      const workspace = await createTestWorkspace({ sandbox: 'required', ...options });
      try {
        const outcome = await workspace.run('Bash', {
          command: `cat ${store}/secret.txt 2>/dev/null || echo hidden`,
          description: 'Read a file of the session store',
        });
        return String(outcome.result).split('\n')[0];
      } finally {
        await workspace.dispose();
      }
    };
    try {
      expect([await read({}), await read({ sessionStore: store })]).toEqual(['secret', 'hidden']);
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });

  it('throws a TypeError naming the option when a list or callback is malformed', () => {
    const workspace = '/tmp';
    expect(() => createToolSet({ workspace, composable: 'Echo' as never })).toThrow(
      new TypeError('createToolSet: composable must be an array of strings, received Echo'),
    );
    expect(() => createToolSet({ workspace, extraTools: [{}] as never })).toThrow(
      new TypeError(
        'createToolSet: extraTools must be an array of tools, received [object Object]',
      ),
    );
    expect(() => createToolSet({ workspace, onProgress: 1 as never })).toThrow(
      new TypeError('createToolSet: onProgress must be a function, received 1'),
    );
    expect(() => createToolSet({ workspace, toolCall: 3 as never })).toThrow(
      new TypeError(
        'createToolSet: toolCall must be an object with keys parallelism, returnedLineThreshold, childResultLimit, limits, auditBounds, telemetry, settlementCommit, received 3',
      ),
    );
    expect(() => createToolSet({ workspace, toolCall: { threshold: 1 } as never })).toThrow(
      new TypeError(
        'createToolSet: toolCall has an unknown key `threshold`; expected only parallelism, returnedLineThreshold, childResultLimit, limits, auditBounds, telemetry, settlementCommit',
      ),
    );
    expect(() => createToolSet({ workspace, toolCall: { returnedLineThreshold: -1 } })).toThrow(
      new TypeError(
        'createToolSet: toolCall.returnedLineThreshold must be an integer of at least 0, received -1',
      ),
    );
    expect(() => createToolSet({ workspace, toolCall: { parallelism: 0 } })).toThrow(
      new TypeError(
        'createToolSet: toolCall.parallelism must be an integer of at least 1, received 0',
      ),
    );
    expect(() => createToolSet({ workspace, toolCall: { limits: 'x' as never } })).toThrow(
      new TypeError('createToolSet: toolCall.limits must be an object, received x'),
    );
    expect(() =>
      createToolSet({ workspace, toolCall: { settlementCommit: 'later' as never } }),
    ).toThrow(
      new TypeError(
        "createToolSet: toolCall.settlementCommit must be 'settlement' or 'host', received later",
      ),
    );
    expect(() => createToolSet({ workspace, toolCall: { telemetry: 1 as never } })).toThrow(
      new TypeError('createToolSet: toolCall.telemetry must be a function, received 1'),
    );
    expect(() => createToolSet({ workspace, telemetry: {} as never })).toThrow(
      new TypeError('createToolSet: telemetry must be a function, received [object Object]'),
    );
    expect(() => createToolSet({ workspace, parseWorker: 'no' as never })).toThrow(
      new TypeError('createToolSet: parseWorker must be a boolean, received no'),
    );
  });
});
