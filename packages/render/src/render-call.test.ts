import { describe, expect, it } from 'vitest';
import { createRendererRegistry } from './registry.js';
import { renderCall } from './render-call.js';
import type { Renderer } from './renderer.js';

const call = { id: 'toolu_1', tool: 'Glob', args: { pattern: '*.ts' }, result: 'a.ts\nb.ts' };

const generic = {
  header: 'Glob: *.ts',
  body: 'a.ts\nb.ts',
  previewBody: undefined,
  bodyMode: 'text',
  status: 'success',
  expandable: true,
  hidden: false,
  coalesceKey: undefined,
  childCalls: [],
  initiallyCollapsed: true,
};

describe('renderCall', () => {
  it('uses the generic renderer when the tool has none', () => {
    expect(renderCall(call, { registry: createRendererRegistry() })).toEqual({
      rendering: generic,
      warnings: [],
    });
  });

  it('passes the four contract arguments and the context to the renderer', () => {
    const seen: unknown[] = [];
    const renderer: Renderer = (...args) => {
      seen.push(args);
      return { header: 'custom', status: 'warning' };
    };
    const registry = createRendererRegistry({ Glob: renderer });
    const rendered = renderCall(
      { ...call, renderData: { files: 2 } },
      { registry, summaryOnly: true },
    );
    expect(seen).toEqual([
      [
        'Glob',
        call.args,
        call.result,
        { files: 2 },
        { summaryOnly: true, status: 'success', id: 'toolu_1' },
      ],
    ]);
    expect(rendered.rendering.header).toBe('custom');
    expect(rendered.rendering.status).toBe('warning');
  });

  it('falls back to the generic renderer without a warning when the renderer returns null', () => {
    const registry = createRendererRegistry({ Glob: () => null });
    expect(renderCall(call, { registry })).toEqual({ rendering: generic, warnings: [] });
  });

  it('falls back with a renderer-failed warning when the renderer throws', () => {
    const registry = createRendererRegistry({
      Glob: () => {
        throw new Error('boom');
      },
    });
    const { rendering, warnings } = renderCall(call, { registry });
    expect(rendering).toEqual(generic);
    expect(warnings.map((w) => [w.code, w.message, w.callId, w.tool])).toEqual([
      ['renderer-failed', 'Renderer for Glob threw: boom', 'toolu_1', 'Glob'],
    ]);
  });

  it('falls back with an invalid-rendering warning when the output is malformed or undefined', () => {
    const registry = createRendererRegistry({
      Glob: () => ({ head: 'x' }) as never,
      Read: () => undefined as never,
    });
    const bad = renderCall(call, { registry });
    const missing = renderCall({ ...call, tool: 'Read' }, { registry });
    expect(bad.rendering).toEqual(generic);
    expect(bad.warnings.map((w) => w.message)).toEqual([
      'Renderer for Glob: Invalid rendering: head is not a rendering field; header must be a string',
    ]);
    expect(missing.warnings.map((w) => w.code)).toEqual(['invalid-rendering']);
  });

  it('dispatches a status map on the structured status and lets explicit errors override', () => {
    const registry = createRendererRegistry({
      Glob: {
        success: () => ({ header: 'ok', status: 'success' }),
        error: () => ({ header: 'failed', status: 'warning' }),
      },
    });
    const failed = renderCall({ ...call, status: 'error' }, { registry });
    const visiblyFailed = renderCall({ ...call, result: 'Error: nope' }, { registry });
    expect([failed.rendering.header, failed.rendering.status]).toEqual(['failed', 'error']);
    expect([visiblyFailed.rendering.header, visiblyFailed.rendering.status]).toEqual([
      'failed',
      'warning',
    ]);
  });

  it('lets an explicit success override a renderer’s error but keep its warning', () => {
    const registry = createRendererRegistry({
      Glob: (_n, _a, result) => ({ header: 'h', status: result === 'w' ? 'warning' : 'error' }),
    });
    const success = { ...call, status: 'success' as const };
    expect(renderCall(success, { registry }).rendering.status).toBe('success');
    expect(renderCall({ ...success, result: 'w' }, { registry }).rendering.status).toBe('warning');
  });

  it('puts the first line of a failure into the generic header', () => {
    const rendered = renderCall(
      { id: '1', tool: 'Read', args: { file_path: '/x' }, result: 'Error: File not found\nmore' },
      { registry: createRendererRegistry(), summaryOnly: true },
    );
    expect(rendered.rendering).toEqual({
      ...generic,
      header: 'Read: /x — Error: File not found…',
      body: undefined,
      status: 'error',
    });
  });

  it('accepts a resolved rendering returned by a renderer that delegates to another tool', () => {
    const registry = createRendererRegistry({ Read: () => ({ header: 'read a', body: 'text' }) });
    registry.register('ToolCall', (_name, _args, _result, data) => {
      const child = data?.child as { id: string; tool: string; result: string };
      return renderCall(child, { registry }).rendering;
    });
    const rendered = renderCall(
      {
        id: 'E',
        tool: 'ToolCall',
        result: 'text',
        renderData: { child: { id: 'E/1', tool: 'Read', result: 'text' } },
      },
      { registry },
    );
    expect([rendered.rendering.header, rendered.rendering.body, rendered.warnings]).toEqual([
      'read a',
      'text',
      [],
    ]);
  });
});
