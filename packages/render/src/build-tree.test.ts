import { describe, expect, it } from 'vitest';
import { buildRenderTree } from './build-tree.js';
import { createRendererRegistry } from './registry.js';
import type { Renderer } from './renderer.js';
import type { ToolCallRecord } from './rendering.js';
import type { RenderRow } from './tree.js';

function row(overrides: Partial<RenderRow> & Pick<RenderRow, 'id' | 'tool' | 'header'>): RenderRow {
  return {
    kind: 'row',
    status: 'success',
    expandable: true,
    expanded: false,
    count: 1,
    coalesceKey: null,
    batch: null,
    bodyMode: 'text',
    body: null,
    children: null,
    ...overrides,
  };
}

const read = (id: string, path: string, extra: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  id,
  tool: 'Read',
  args: { file_path: path },
  result: `contents of ${path}`,
  ...extra,
});

describe('buildRenderTree', () => {
  it('builds collapsed summary rows without bodies by default', () => {
    const tree = buildRenderTree([read('1', 'a')], { registry: createRendererRegistry() });
    expect(tree).toEqual({
      version: 1,
      items: [row({ id: '1', tool: 'Read', header: 'Read: a' })],
      warnings: [],
    });
  });

  it('asks for summaries only for collapsed rows and full renderings for open ones', () => {
    const modes: boolean[] = [];
    const renderer: Renderer = (_n, _a, result, _d, context) => {
      modes.push(context.summaryOnly);
      return {
        header: String(result),
        initiallyCollapsed: result !== 'open',
        ...(context.summaryOnly ? {} : { body: 'full', previewBody: 'preview' }),
      };
    };
    const registry = createRendererRegistry({ T: renderer });
    const calls = [
      { id: '1', tool: 'T', result: 'open' },
      { id: '2', tool: 'T', result: 'closed' },
    ];
    const tree = buildRenderTree(calls, { registry });
    expect(modes).toEqual([true, false, true]);
    expect(tree.items).toEqual([
      row({ id: '1', tool: 'T', header: 'open', expanded: true, body: 'preview', children: [] }),
      row({ id: '2', tool: 'T', header: 'closed' }),
    ]);
    const all = buildRenderTree(calls, { registry, expand: 'all' });
    expect(all.items.map((item) => item.kind === 'row' && item.body)).toEqual(['full', 'full']);
    const shownAll = buildRenderTree(calls, { registry, content: 'all' });
    expect(shownAll.items.map((item) => item.kind === 'row' && [item.expanded, item.body])).toEqual(
      [
        [true, 'preview'],
        [false, 'full'],
      ],
    );
  });

  it('draws nothing for hidden rows and ignores the body of non-expandable rows', () => {
    const registry = createRendererRegistry({
      Hide: () => ({ header: 'x', hidden: true }),
      Event: () => ({
        header: 'event',
        expandable: false,
        body: 'ignored',
        initiallyCollapsed: false,
      }),
    });
    const tree = buildRenderTree(
      [
        { id: '1', tool: 'Hide' },
        { id: '2', tool: 'Event' },
      ],
      { registry, expand: 'all' },
    );
    expect(tree.items).toEqual([
      row({ id: '2', tool: 'Event', header: 'event', expandable: false }),
    ]);
  });

  it('coalesces consecutive visible rows with the same key into the last one with a count', () => {
    const registry = createRendererRegistry({
      Wait: (_n, args) => ({ header: `Wait ${(args as { n: number }).n}`, coalesceKey: 'wait' }),
      Hide: () => ({ header: '', hidden: true }),
    });
    const wait = (id: string, n: number) => ({ id, tool: 'Wait', args: { n } });
    const tree = buildRenderTree(
      [
        wait('1', 1),
        { id: 'h', tool: 'Hide' },
        wait('2', 2),
        wait('3', 3),
        read('4', 'a'),
        wait('5', 5),
      ],
      { registry },
    );
    expect(
      tree.items.map((item) => item.kind === 'row' && [item.id, item.header, item.count]),
    ).toEqual([
      ['3', 'Wait 3', 3],
      ['4', 'Read: a', 1],
      ['5', 'Wait 5', 1],
    ]);
  });

  it('brackets a parallel batch of two or more and leaves a one-call batch unmarked', () => {
    const tree = buildRenderTree(
      [
        read('1', 'a', { batch: 'p' }),
        read('2', 'b', { batch: 'p' }),
        read('3', 'c', { batch: 'q' }),
      ],
      { registry: createRendererRegistry() },
    );
    expect(tree.items).toEqual([
      {
        kind: 'batch',
        batch: 'p',
        rows: [
          row({ id: '1', tool: 'Read', header: 'Read: a', batch: 'p' }),
          row({ id: '2', tool: 'Read', header: 'Read: b', batch: 'p' }),
        ],
      },
      row({ id: '3', tool: 'Read', header: 'Read: c', batch: 'q' }),
    ]);
  });

  it('renders child calls with their own renderers, only while the parent is open', () => {
    const registry = createRendererRegistry({
      ToolCall: (_n, _a, _r, data) => ({
        header: 'ToolCall',
        initiallyCollapsed: false,
        body: 'returned',
        childCalls: (data?.children ?? []) as never,
      }),
      Read: {
        success: (_n, args) => ({
          header: `read ${(args as { file_path: string }).file_path}`,
          initiallyCollapsed: false,
          body: 'text',
        }),
      },
    });
    const children = [
      { id: 'E/1', tool: 'Read', args: { file_path: 'a' }, result: 'x', batch: 'j' },
      {
        id: 'E/2',
        tool: 'Read',
        args: { file_path: 'b' },
        result: 'Error: gone',
        status: 'error',
        batch: 'j',
      },
    ];
    const envelope: ToolCallRecord = {
      id: 'E',
      tool: 'ToolCall',
      result: 'ok',
      renderData: { children } as never,
    };
    const open = buildRenderTree([envelope], { registry });
    expect(open.items).toEqual([
      row({
        id: 'E',
        tool: 'ToolCall',
        header: 'ToolCall',
        expanded: true,
        body: 'returned',
        children: [
          {
            kind: 'batch',
            batch: 'j',
            rows: [
              row({
                id: 'E/1',
                tool: 'Read',
                header: 'read a',
                expanded: true,
                body: 'text',
                batch: 'j',
                children: [],
              }),
              row({
                id: 'E/2',
                tool: 'Read',
                header: 'Read: b — Error: gone',
                status: 'error',
                batch: 'j',
              }),
            ],
          },
        ],
      }),
    ]);
    const closed = buildRenderTree([envelope], { registry, expand: 'none' });
    expect(closed.items).toEqual([row({ id: 'E', tool: 'ToolCall', header: 'ToolCall' })]);
  });

  it('starts a denied child collapsed like a failed one and draws an interrupted child as such', () => {
    const registry = createRendererRegistry({
      ToolCall: (_n, _a, _r, data) => ({
        header: 'ToolCall',
        initiallyCollapsed: false,
        childCalls: (data?.children ?? []) as never,
      }),
      Read: (_n, args, result) => ({
        header: `read ${(args as { file_path: string }).file_path}`,
        initiallyCollapsed: false,
        body: String(result),
      }),
    });
    const children = [
      read('E/1', 'a', { result: 'Error: Permission denied: no.', status: 'denied' }),
      read('E/2', 'b', { result: 'Interrupted: the session ended.', status: 'interrupted' }),
    ];
    const envelope: ToolCallRecord = {
      id: 'E',
      tool: 'ToolCall',
      result: '',
      renderData: { children } as never,
    };
    const [top] = buildRenderTree([envelope], { registry }).items as RenderRow[];
    expect(top?.children).toEqual([
      row({ id: 'E/1', tool: 'Read', header: 'read a', status: 'denied' }),
      row({
        id: 'E/2',
        tool: 'Read',
        header: 'read b',
        status: 'interrupted',
        expanded: true,
        body: 'Interrupted: the session ended.',
        children: [],
      }),
    ]);
  });

  it('drops children past the depth limit with a warning', () => {
    const registry = createRendererRegistry({
      Nest: (_n, _a, _r, _d, context) => ({
        header: `nest ${context.id}`,
        childCalls: [{ id: `${context.id}/1`, tool: 'Nest' }],
      }),
    });
    const tree = buildRenderTree([{ id: 'N', tool: 'Nest' }], {
      registry,
      expand: 'all',
      maxDepth: 1,
    });
    expect(tree.warnings).toEqual([
      {
        code: 'invalid-rendering',
        message: 'Child calls of Nest deeper than 1 levels were dropped',
        callId: 'N/1',
        tool: 'Nest',
      },
    ]);
  });

  it('reports renderer warnings in the tree and to onWarning', () => {
    const seen: string[] = [];
    const registry = createRendererRegistry({ Bad: () => ({ header: 1 }) as never });
    const tree = buildRenderTree([{ id: 'b', tool: 'Bad', result: 'r' }], {
      registry,
      onWarning: (warning) => seen.push(warning.code),
    });
    expect([seen, tree.warnings.map((w) => [w.code, w.callId, w.tool])]).toEqual([
      ['invalid-rendering'],
      [['invalid-rendering', 'b', 'Bad']],
    ]);
  });

  it('throws a TypeError naming a bad option', () => {
    const registry = createRendererRegistry();
    expect(() => buildRenderTree([], { registry, expand: 'open' as never })).toThrow(
      'buildRenderTree: options.expand must be default, all or none, got open',
    );
    expect(() => buildRenderTree([], {} as never)).toThrow(TypeError);
    expect(() => buildRenderTree([{ id: 'a' } as never], { registry })).toThrow(
      'buildRenderTree: calls[0] must have a non-empty string id and tool, got {"id":"a"}',
    );
  });
});
