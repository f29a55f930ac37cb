import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/render as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/render');
    const cjs = createRequire(import.meta.url)('@toolcall/render');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.RenderError.isInstance).toBe('function');
    expect(cjs.RenderError.isInstance(new esm.RenderError('invalid-rendering', 'x'))).toBe(true);
  });

  it('decodes render data, renders a transcript and draws it in every backend', async () => {
    const render = await import('@toolcall/render');
    const cjs = createRequire(import.meta.url)('@toolcall/render') as typeof render;
    const encoded = cjs.appendRenderData('src/a.ts\n1:foo', 'toolu_1', { matches: 1, files: 1 });
    if (!encoded.success) throw encoded.error;
    const { text, data } = render.extractRenderData(encoded.value, 'toolu_1');
    const registry = render.createRendererRegistry(render.builtinRenderers);
    const calls = [
      {
        id: 'toolu_1',
        tool: 'Grep',
        args: { pattern: 'foo', output_mode: 'content' },
        result: text,
        renderData: data,
      },
      {
        id: 'toolu_2',
        tool: 'Read',
        args: { file_path: 'b' },
        result: 'Error: missing',
        status: 'error' as const,
      },
    ];
    const tree = render.buildRenderTree(calls, { registry, expand: 'all' });
    expect(render.renderPlain(tree)).toBe(
      '▾ Grep "foo" (1 match in 1 file)\n  src/a.ts\n  1:foo\n▾ × Read: b — Error: missing\n  Error: missing\n',
    );
    expect(render.renderAnsi(tree, { isTTY: true, env: { NO_COLOR: '1' } })).toBe(
      render.renderPlain(tree),
    );
    expect(render.renderHtml(tree)).toContain('<span class="tc-grep-line">1:</span>foo');
    expect(JSON.parse(render.renderJson(tree))).toEqual(tree);
  });
});
