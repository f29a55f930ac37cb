import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineTool, type Tool, toMcpTool, z } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSet, NATIVE_TOOLS, type ToolSet } from './tool-set.js';

const SPEC_NATIVE = [
  'Read',
  'Bash',
  'WriteStdin',
  'Monitor',
  'Glob',
  'Grep',
  'ApplyPatch',
  'ToolSearch',
  'ToolCall',
];

let root: string;
const sets: ToolSet[] = [];
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-native-')));
});
afterAll(async () => {
  for (const set of sets) await set.close();
  await rm(root, { recursive: true, force: true });
});

function makeSet(options: Partial<Parameters<typeof createToolSet>[0]> = {}): ToolSet {
  const set = createToolSet({ workspace: root, permissions: { mode: 'full-auto' }, ...options });
  sets.push(set);
  return set;
}

function ownRead(): Tool {
  return defineTool({
    name: 'Read',
    description: 'A harness-owned Read.',
    readOnly: true,
    args: z.object({ file_path: z.string() }),
    handler: async () => 'own read',
  }) as unknown as Tool;
}

describe('the native list of a tool set', () => {
  it("exports the spec's native list in the spec's order", () => {
    expect([...NATIVE_TOOLS]).toEqual(SPEC_NATIVE);
  });

  it('returns the registered native tools in that order, the rest staying discoverable', () => {
    const set = makeSet();
    const registered = set.pipeline.tools();
    expect(set.native.map((tool) => tool.name)).toEqual(SPEC_NATIVE);
    // The very tools the pipeline runs, not copies.
    for (const tool of set.native) expect(registered).toContain(tool);
    expect(
      registered
        .filter((tool) => !set.native.includes(tool))
        .map((tool) => tool.name)
        .sort(),
    ).toEqual([
      'ListExecutions',
      'Node',
      'Outline',
      'Skill',
      'StopExecution',
      'WebFetch',
      'WebSearch',
    ]);
  });

  it('lists a replacement under its built-in name and appends the native option once', () => {
    const read = ownRead();
    const set = makeSet({ extraTools: [read], native: ['Outline', 'Read', 'Missing'] });
    expect(set.native.map((tool) => tool.name)).toEqual([...SPEC_NATIVE, 'Outline']);
    expect(set.native[0]).toBe(read);
  });

  it('keeps ToolSearch and ToolCall out of the catalog ToolSearch answers from', async () => {
    const set = makeSet();
    const run = set.pipeline.runTool({
      name: 'ToolSearch',
      input: { query: 'ToolCall' },
      toolUseId: 'toolu_search',
    });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('success');
    expect(String(outcome.result)).not.toContain('(ToolCall :');
    expect(String(outcome.result)).not.toContain('(ToolSearch :');
  });
});

describe('the catalog and specialist listing of a tool set', () => {
  it('lists the discoverable tools as calling shapes, never a native one', () => {
    const set = makeSet();
    expect(set.catalog().entries.map((entry) => entry.tool.name)).toContain('Outline');
    const listing = set.listing({ contextWindow: 200_000 });
    expect(listing.text).toMatch(/^Specialist tools callable through ToolCall/);
    expect(listing.text).toContain('- (Outline :file_path ');
    expect(listing.text).toContain('- (WebFetch :url ');
    expect(listing.text).not.toMatch(/^- \((Read|Bash|Grep|ToolCall|ToolSearch)[ )]/m);
    expect(listing.omitted).toBe(0);
    // The fingerprint follows the text a model is given: the same budget, the same listing.
    expect(set.listing({ contextWindow: 200_000 }).fingerprint).toBe(listing.fingerprint);
    expect(set.listing({ contextWindow: 10_000 }).fingerprint).not.toBe(listing.fingerprint);
  });

  it('counts the tools a small budget leaves to ToolSearch, and includes tools registered later', () => {
    const set = makeSet();
    const small = set.listing({ contextWindow: 4_000, share: 0.05 });
    expect(small.omitted).toBeGreaterThan(0);
    expect(small.text).toContain(`(${small.omitted} more: use ToolSearch)`);
    const before = set.listing({ contextWindow: 200_000 });
    set.pipeline.register(
      defineTool({
        name: 'Later',
        description: 'Registered after the set was made.',
        readOnly: true,
        groups: ['navigation'],
        args: z.object({ name: z.string() }),
        handler: async () => 'later',
      }) as unknown as Tool,
    );
    const after = set.listing({ contextWindow: 200_000 });
    expect(after.text).toContain('- (Later :name string)');
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });
});

describe('the native list after the tool set is made', () => {
  it('offers a tool registered again under a native name, and drops one unregistered', () => {
    const set = makeSet();
    const replacement = ownRead();
    set.pipeline.register(replacement);
    expect(set.native.find((tool) => tool.name === 'Read')).toBe(replacement);
    expect(set.native.map((tool) => tool.name)).toEqual(SPEC_NATIVE);
    set.pipeline.unregister('Grep');
    expect(set.native.map((tool) => tool.name)).toEqual(
      SPEC_NATIVE.filter((name) => name !== 'Grep'),
    );
  });
});

describe('what MCP clients are told about each tool', () => {
  it('marks the web tools as reaching beyond the machine, and Bash and ApplyPatch as destructive', () => {
    const tools = makeSet().pipeline.tools();
    const annotations = Object.fromEntries(
      ['WebFetch', 'WebSearch', 'Read', 'Bash', 'ApplyPatch'].map((name) => [
        name,
        toMcpTool(tools.find((tool) => tool.name === name)!).annotations,
      ]),
    );
    expect(annotations).toEqual({
      WebFetch: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      WebSearch: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      Read: { readOnlyHint: true, destructiveHint: false },
      Bash: { readOnlyHint: false, destructiveHint: true },
      ApplyPatch: { readOnlyHint: false, destructiveHint: true },
    });
  });
});
