import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualOf, packagedDocsDirectory } from './packaged-docs.js';
import { createTestWorkspace, type TestWorkspace } from './testing/workspace.js';

const PACKAGE = path.resolve(import.meta.dirname, '..');
const BUILT_DOCS = path.join(PACKAGE, 'dist', 'docs');

function markdownFiles(directory: string, prefix = ''): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownFiles(path.join(directory, entry.name), `${prefix}${entry.name}/`)
        : entry.name.endsWith('.md')
          ? [`${prefix}${entry.name}`]
          : [],
    )
    .sort();
}

// No docsDirectory: the set serves the manuals the package ships.
let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

describe('the packaged manuals', () => {
  it('are the built copy beside the package when running from its sources', () => {
    expect(packagedDocsDirectory()).toBe(BUILT_DOCS);
    expect(markdownFiles(BUILT_DOCS)).toEqual([
      'exec.md',
      'skills.md',
      'toolcall-dialect.md',
      'toolcall.md',
      'tools.md',
      'tools/applypatch.md',
      'tools/execution.md',
      'tools/files.md',
      'tools/navigation.md',
      'tools/web.md',
    ]);
  });

  it('are readable as toolcall:// in a tool set created without docsDirectory', async () => {
    const read = await workspace.run('Read', { file_path: 'toolcall://tools/files.md', limit: 1 });
    expect(read).toEqual({ status: 'success', result: expect.stringMatching(/^1\t# /) });
    const dialect = await workspace.run('Read', {
      file_path: 'toolcall://toolcall-dialect.md',
      limit: 1,
    });
    expect(dialect).toEqual({ status: 'success', result: expect.stringMatching(/^1\t# /) });
    const listing = await workspace.run('Glob', { pattern: '**/*.md', path: 'toolcall://' });
    expect(listing.status).toBe('success');
    expect(String(listing.result)).toContain('toolcall://tools/applypatch.md');
  });

  it('hold every manual a tool description points to', async () => {
    const named = new Set<string>();
    for (const tool of workspace.toolSet.pipeline.tools()) {
      for (const [address] of tool.description.matchAll(/toolcall:\/\/[\w./-]*\.md/g)) {
        named.add(address);
      }
    }
    expect(named.size).toBeGreaterThan(1);
    for (const address of named) {
      const read = await workspace.run('Read', { file_path: address, limit: 1 });
      expect({ address, status: read.status }).toEqual({ address, status: 'success' });
    }
  });

  it('are named for built-in tools only; a wrapped tool has none', () => {
    expect([manualOf('Read'), manualOf('ToolCall'), manualOf('github/search')]).toEqual([
      'toolcall://tools/files.md',
      'toolcall://toolcall-dialect.md',
      undefined,
    ]);
  });

  it('hold the manual ToolSearch names for every built-in tool', async () => {
    const searched: string[] = [];
    for (const { name } of workspace.toolSet.pipeline.tools()) {
      const search = await workspace.run('ToolSearch', { query: name });
      // Only the tools in the catalog have a contract (with its manual) to show.
      const manual = /^Manual: (\S+)$/m.exec(String(search.result))?.[1];
      if (manual === undefined) continue;
      searched.push(name);
      const read = await workspace.run('Read', { file_path: manual, limit: 1 });
      expect({ name, manual, status: read.status }).toEqual({ name, manual, status: 'success' });
    }
    expect(searched).toEqual(
      expect.arrayContaining(['Read', 'Grep', 'ApplyPatch', 'Bash', 'Outline', 'WebFetch']),
    );
  });

  it('hold every manual they link to', () => {
    const shipped = new Set(markdownFiles(BUILT_DOCS));
    for (const file of shipped) {
      const text = readFileSync(path.join(BUILT_DOCS, file), 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\(([^)#\s:]+\.md)(?:#[^)]*)?\)/g)) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        // Links out of the docs tree (to package sources) are not manuals.
        if (resolved.startsWith('../')) continue;
        expect({ file, link: resolved, shipped: shipped.has(resolved) }).toEqual({
          file,
          link: resolved,
          shipped: true,
        });
      }
    }
  });

  it.each([
    ['ESM', ['--input-type=module', '-e'], `import { createToolSet } from './dist/index.js';`],
    ['CJS', ['-e'], `const { createToolSet } = require('./dist/index.cjs');`],
  ])('are served by the %s build with no docsDirectory', (_format, flags, load) => {
    const script = `${load}
      (async () => {
        const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' } });
        const run = set.pipeline.runTool({
          name: 'Read',
          input: { file_path: 'toolcall://toolcall-dialect.md', limit: 1 },
          toolUseId: 'toolu_1',
        });
        const outcome = await run.outcome;
        await set.close();
        process.stdout.write(outcome.status + ' ' + outcome.result);
      })();`;
    const output = execFileSync(process.execPath, [...flags, script], {
      cwd: PACKAGE,
      encoding: 'utf8',
    });
    expect(output).toMatch(/^success 1\t# /);
  });
});
