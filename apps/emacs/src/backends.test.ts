import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolOutcome } from '@toolcall/pipeline';
import {
  buildRenderTree,
  type RenderItem,
  type RenderTree,
  renderAnsi,
  renderHtml,
  type ToolCallRecord,
} from '@toolcall/render';
import { createToolSet, type ToolSet } from '@toolcall/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewTreeOf } from './view-tree.js';

let root: string;
let set: ToolSet;
const outcomes: { input: Record<string, unknown>; outcome: ToolOutcome }[] = [];

const patch = (file: string, from: string, to: string) =>
  `*** Begin Patch\n*** Update File: ${file}\n-${from}\n+${to}\n*** End Patch`;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolcall-backends-')));
  await writeFile(join(root, 'a.txt'), 'alpha\n');
  await writeFile(join(root, 'b.txt'), 'gamma\n');
  set = createToolSet({ workspace: root, permissions: { mode: 'full-auto' } });
  const calls: [string, Record<string, unknown>][] = [
    // A direct call: drawn as the ApplyPatch row it is.
    [
      'ToolCall',
      { expression: `(ApplyPatch :patch ${JSON.stringify(patch('a.txt', 'alpha', 'beta'))})` },
    ],
    ['Bash', { command: "printf 'hello\\nworld\\n'", description: 'greet' }],
    [
      'ToolCall',
      {
        expression: [
          // The value is a count: a returned Bash result would carry its element as the model's.
          '(length (list (Bash :command "echo nested-out; exit 4" :description "fail")',
          `              (ApplyPatch :patch ${JSON.stringify(patch('b.txt', 'gamma', 'delta'))})))`,
        ].join('\n'),
      },
    ],
  ];
  for (const [index, [name, input]] of calls.entries()) {
    const run = set.pipeline.runTool({ name, input, toolUseId: `toolu_${index + 1}` });
    outcomes.push({ input, outcome: await run.outcome });
  }
});

afterAll(async () => {
  await set.close();
  await rm(root, { recursive: true, force: true });
});

function recordOf({ input, outcome }: (typeof outcomes)[number]): ToolCallRecord {
  return {
    id: outcome.toolUseId,
    tool: outcome.toolName,
    args: input,
    result: outcome.result,
    status: outcome.status,
    ...(outcome.renderData === undefined ? {} : { renderData: outcome.renderData }),
  };
}

/** Every header and body of an Emacs view tree, one per line, as the view draws them. */
function viewText(tree: RenderTree): string {
  const lines: string[] = [];
  const walk = (items: readonly RenderItem[] | null) => {
    for (const item of items ?? []) {
      if (item.kind === 'batch') {
        walk(item.rows);
        continue;
      }
      lines.push(`${item.header} [${item.bodyMode}]`, item.body ?? '');
      walk(item.children);
    }
  };
  walk(tree.items);
  return lines.join('\n');
}

describe('the terminal, the HTML report and the Emacs view', () => {
  it('draw the same rows from the tool set’s renderers: diff lines, and Bash output without the model-facing element', () => {
    const records = outcomes.map(recordOf);
    const { renderers: registry } = set;
    const terminal = renderAnsi(buildRenderTree(records, { registry, expand: 'all' }), {
      isTTY: false,
      env: {},
    });
    const html = renderHtml(buildRenderTree(records, { registry, content: 'all', expand: 'all' }), {
      title: 'report',
    });
    const emacs = records
      .map((record) =>
        viewText(
          viewTreeOf({
            id: record.id,
            tool: record.tool,
            args: record.args,
            result: record.result,
            status: record.status as 'success' | 'error',
            ...(record.renderData == null ? {} : { renderData: record.renderData }),
            children: new Map(),
            renderers: registry,
          }),
        ),
      )
      .join('\n');
    // The Bash results, the direct one and the nested one in the script's audit, carry the
    // model-facing element; no drawing does.
    expect(String(outcomes[1]?.outcome.result)).toContain('<bash-execution');
    expect(JSON.stringify(outcomes[2]?.outcome.renderData)).toContain('<bash-execution');
    // The page's text as a reader sees it.
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    const page = html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name]!);
    for (const [backend, text] of Object.entries({ terminal, html: page, emacs })) {
      const shown = { backend, missing: [] as string[], element: text.includes('bash-execution') };
      for (const expected of [
        'ApplyPatch a.txt (+1 −1)',
        '-alpha',
        '+beta',
        'ApplyPatch b.txt (+1 −1)',
        '-gamma',
        '+delta',
        "Bash printf 'hello\\nworld\\n' (done, ",
        'hello',
        'world',
        'Bash echo nested-out; exit 4 (failed, exit 4, ',
        'nested-out',
      ]) {
        if (!text.includes(expected)) shown.missing.push(expected);
      }
      expect(shown).toEqual({ backend, missing: [], element: false });
    }
    expect(html).toContain('<span class="tc-diff-add">+beta</span>');
    expect(emacs).toContain('ApplyPatch a.txt (+1 −1) [diff]');
  });
});
