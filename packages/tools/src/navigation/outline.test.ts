import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlineText } from './outline.js';
import { CSS_SOURCE, GO_SOURCE, RUST_SOURCE } from './testing/generated-files.js';
import { realFiles } from './testing/real-files.js';

describe('outlineText', () => {
  for (const [language, file] of Object.entries(realFiles())) {
    it(`lists every definition of a real ${language} file`, async () => {
      const result = await outlineText(`lib/${basename(file)}`, readFileSync(file, 'utf8'));
      expect(result.success).toBe(true);
      expect(result.success && result.value).toMatchSnapshot();
    });
  }

  it('nests Go methods, struct fields and interface methods', async () => {
    expect(await outlineText('server.go', GO_SOURCE)).toEqual({
      success: true,
      value: [
        'server.go:8: [Constant] DefaultPort',
        'server.go:11: [Variable] mu',
        'server.go:12: [Variable] clients',
        'server.go:16: [Struct] Client',
        'server.go:17: [Struct > Client] ID',
        'server.go:18: [Struct > Client] Addr',
        'server.go:21: [Interface] Handler',
        'server.go:22: [Interface > Handler] Serve',
        'server.go:25: [Type] ID',
        'server.go:27: [Function] NewClient',
        'server.go:31: [Method] Client.Close',
      ].join('\n'),
    });
  });

  it('nests Rust impls, traits, enums and modules', async () => {
    expect(await outlineText('src/shape.rs', RUST_SOURCE)).toEqual({
      success: true,
      value: [
        'src/shape.rs:3: [Constant] MAX_DEPTH',
        'src/shape.rs:6: [Struct] Point',
        'src/shape.rs:7: [Struct > Point] x',
        'src/shape.rs:8: [Struct > Point] y',
        'src/shape.rs:11: [Enum] Shape',
        'src/shape.rs:12: [Enum > Shape] Circle',
        'src/shape.rs:13: [Enum > Shape] Square',
        'src/shape.rs:13: [Enum > Shape > Square] corner',
        'src/shape.rs:13: [Enum > Shape > Square] side',
        'src/shape.rs:16: [Trait] Area',
        'src/shape.rs:17: [Trait > Area] area',
        'src/shape.rs:20: [Impl] Point',
        'src/shape.rs:21: [Impl > Point] new',
        'src/shape.rs:26: [Impl] fmt::Display for Point',
        'src/shape.rs:27: [Impl > fmt::Display for Point] fmt',
        'src/shape.rs:32: [Module] tests',
        'src/shape.rs:33: [Module > tests] origin',
        'src/shape.rs:36: [Macro] square',
      ].join('\n'),
    });
  });

  it('names CSS rules by selector under their at-rules', async () => {
    expect(await outlineText('site.css', CSS_SOURCE)).toEqual({
      success: true,
      value: [
        'site.css:1: :root',
        'site.css:5: body, html',
        'site.css:10: .nav > a:hover',
        'site.css:14: @media (max-width: 600px)',
        'site.css:15: [@media (max-width: 600px)] .nav',
        'site.css:20: @keyframes spin',
      ].join('\n'),
    });
  });

  it('lists an ordinary symbol whose name starts with *', async () => {
    const text = 'function f() {}\nconst obj = { "*weird*": 1 };\n';
    expect(await outlineText('a.json', '{"*special*": 1}')).toEqual({
      success: true,
      value: 'a.json:1: *special*',
    });
    expect(await outlineText('a.js', text)).toEqual({
      success: true,
      value: 'a.js:1: [Function] f\na.js:2: [Variable] obj',
    });
  });

  it('names objects in a JSON array by index, not counting comments', async () => {
    const text = '[\n  {"a": 1},\n  // skipped\n  2,\n  {"b": [{"c": 3}]}\n]\n';
    expect(await outlineText('list.json', text)).toEqual({
      success: true,
      value: [
        'list.json:2: [0]',
        'list.json:2: [[0]] a',
        'list.json:5: [2]',
        'list.json:5: [[2]] b',
        'list.json:5: [[2] > b] [0]',
        'list.json:5: [[2] > b > [0]] c',
      ].join('\n'),
    });
  });

  it('outlines a JSON array of 20,000 objects through to its last index', async () => {
    const text = `[${Array.from({ length: 20_000 }, (_, i) => `{"k":${i}}`).join(',\n')}]`;
    const result = await outlineText('big.json', text);
    expect(result.success).toBe(true);
    const lines = result.success ? result.value.split('\n') : [];
    expect(lines).toHaveLength(40_000);
    expect(lines.slice(-2)).toEqual(['big.json:20000: [19999]', 'big.json:20000: [[19999]] k']);
  });

  it('keeps whole-file line numbers for deeply nested TypeScript', async () => {
    const text = [
      'export namespace Outer {',
      '  export namespace Inner {',
      '    export class Deep {',
      '      method(): void {',
      '        const local = () => 1;',
      '      }',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect(await outlineText('deep.ts', text)).toEqual({
      success: true,
      value: [
        'deep.ts:1: [Namespace] Outer',
        'deep.ts:2: [Namespace > Outer] Inner',
        'deep.ts:3: [Namespace > Outer > Inner] Deep',
        'deep.ts:4: [Namespace > Outer > Inner > Deep] method',
        'deep.ts:5: [Namespace > Outer > Inner > Deep > method] local',
      ].join('\n'),
    });
  });

  it('reports no symbols and no support in the contract wording', async () => {
    expect(await outlineText('empty.py', '# nothing\n')).toEqual({
      success: true,
      value: 'No symbols found in empty.py',
    });
    expect(await outlineText('notes.txt', 'hello')).toEqual({
      success: true,
      value: 'No imenu support or no symbols found in notes.txt',
    });
  });
});
