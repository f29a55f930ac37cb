// Packs every publishable package with `pnpm pack`, installs the tarballs into
// a fresh project outside the workspace with plain npm, and checks that each
// one loads through both `import` and `require` with the same exports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'toolcall-pack-'));
const tarballs = join(work, 'tarballs');
const consumer = join(work, 'consumer');
mkdirSync(tarballs);
mkdirSync(consumer);

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({
    dir: join(root, 'packages', dir),
    manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')),
  }))
  .filter(({ manifest }) => !manifest.private);

const results = [];
let exitCode = 0;

// Every changeset is one `changeset version` can read: frontmatter naming publishable
// packages of this workspace with a bump type, then a summary. A formatter that rewrote the
// `---` lines once made one unreadable, which breaks the release, not the build.
{
  const publishable = new Set(packages.map(({ manifest }) => manifest.name));
  const problems = [];
  for (const file of readdirSync(join(root, '.changeset')).filter(
    (name) => name.endsWith('.md') && name !== 'README.md',
  )) {
    const text = readFileSync(join(root, '.changeset', file), 'utf8');
    const match = /^---\n([\s\S]*?)\n---\n+(\S[\s\S]*)$/.exec(text);
    if (match === null) {
      problems.push(`${file}: expected frontmatter between two "---" lines, then a summary`);
      continue;
    }
    for (const line of match[1].split('\n')) {
      const entry = /^"([^"]+)": (major|minor|patch)$/.exec(line);
      if (entry === null)
        problems.push(
          `${file}: expected \`"@toolcall/name": patch|minor|major\`, got ${JSON.stringify(line)}`,
        );
      else if (!publishable.has(entry[1]))
        problems.push(`${file}: ${entry[1]} is not a publishable package here`);
    }
  }
  results.push({ name: 'changesets', ok: problems.length === 0, summary: problems.join('; ') });
  console.log(
    problems.length === 0
      ? '✓ changesets: every one reads'
      : `✗ changesets: ${problems.join('; ')}`,
  );
}

const sdkVersion = JSON.parse(readFileSync(join(root, 'packages', 'tools', 'package.json'), 'utf8'))
  .peerDependencies['@modelcontextprotocol/sdk'];

try {
  const dependencies = {};
  for (const { dir, manifest } of packages) {
    const out = execFileSync('corepack', ['pnpm', 'pack', '--pack-destination', tarballs], {
      cwd: dir,
      encoding: 'utf8',
    });
    const file = out.trim().split('\n').pop().trim();
    dependencies[manifest.name] = `file:${file}`;
    // What a registry user meets: publint's checks of the manifest and packed files (warnings
    // are failures), the types every module resolution of Node 16+ and bundlers sees, a
    // licence in the tarball, and README links that work outside this repository.
    const checks = [
      ['publint', ['exec', 'publint', '--strict'], dir],
      ['attw', ['exec', 'attw', file, '--profile', 'node16', '--format', 'ascii'], root],
    ];
    for (const [tool, args, cwd] of checks) {
      const name = `${manifest.name} ${tool}`;
      try {
        execFileSync('corepack', ['pnpm', ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });
        results.push({ name, ok: true });
        console.log(`✓ ${name}`);
      } catch (error) {
        const summary = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || error.message;
        results.push({ name, ok: false, summary });
        console.log(`✗ ${name}: ${summary}`);
      }
    }
    const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\((?!https?:|#|mailto:)([^)]+)\)/g)].map((m) => m[1]);
    const problems = [
      ...(listing.includes('package/LICENSE') ? [] : ['no LICENSE in the tarball']),
      ...relative.map((link) => `README links to ${link}, which is not in the installed package`),
    ];
    results.push({
      name: `${manifest.name} files`,
      ok: problems.length === 0,
      summary: problems.join('; '),
    });
    console.log(
      `${problems.length === 0 ? '✓' : '✗'} ${manifest.name} files${problems.length ? `: ${problems.join('; ')}` : ': LICENSE, absolute README links'}`,
    );
  }
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify(
      {
        name: 'consumer',
        private: true,
        // The MCP SDK is the optional peer that `@toolcall/tools/mcp` needs.
        dependencies: { ...dependencies, '@modelcontextprotocol/sdk': sdkVersion },
      },
      null,
      2,
    ),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: consumer,
    stdio: 'inherit',
  });

  for (const { manifest } of packages) {
    const check = `
      const { createRequire } = require('node:module');
      (async () => {
        const cjs = require(${JSON.stringify(manifest.name)});
        const esm = await import(${JSON.stringify(manifest.name)});
        const a = Object.keys(cjs).sort().join(','), b = Object.keys(esm).filter((k) => k !== 'default' && k !== 'module.exports').sort().join(',');
        if (!a) throw new Error('no exports through require');
        if (a !== b) throw new Error('import and require disagree: ' + b + ' vs ' + a);
        const pkg = require(${JSON.stringify(`${manifest.name}/package.json`)});
        if (pkg.name !== ${JSON.stringify(manifest.name)}) throw new Error('package.json export is wrong');
        process.stdout.write(a.split(',').length + ' exports');
      })().catch((error) => { process.stderr.write(String(error && error.message || error)); process.exit(1); });
    `;
    try {
      const summary = execFileSync(process.execPath, ['-e', check], {
        cwd: consumer,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      results.push({ name: manifest.name, ok: true, summary });
      console.log(`✓ ${manifest.name}: import and require agree (${summary})`);
    } catch (error) {
      results.push({
        name: manifest.name,
        ok: false,
        summary: String(error.stderr || error.message),
      });
      console.log(`✗ ${manifest.name}: ${String(error.stderr || error.message)}`);
    }
  }

  // The installed @toolcall/tools serves the manuals it ships as toolcall://, with no
  // docsDirectory and no source checkout, through both module formats.
  for (const [format, flags, load] of [
    ['import', ['--input-type=module', '-e'], "import { createToolSet } from '@toolcall/tools';"],
    ['require', ['-e'], "const { createToolSet } = require('@toolcall/tools');"],
  ]) {
    const manual = `${load}
      (async () => {
        const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' } });
        const run = set.pipeline.runTool({
          name: 'Read',
          input: { file_path: 'toolcall://toolcall-dialect.md', limit: 1 },
          toolUseId: 'toolu_pack',
        });
        const outcome = await run.outcome;
        await set.close();
        if (outcome.status !== 'success' || !/^1\t# /.test(outcome.result)) {
          throw new Error('Read toolcall://toolcall-dialect.md: ' + outcome.result);
        }
      })().catch((error) => { process.stderr.write(String(error && error.message || error)); process.exit(1); });
    `;
    const name = `@toolcall/tools manuals (${format})`;
    try {
      execFileSync(process.execPath, [...flags, manual], {
        cwd: consumer,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      results.push({ name, ok: true });
      console.log(`✓ ${name}: reads toolcall://toolcall-dialect.md with no docsDirectory`);
    } catch (error) {
      results.push({ name, ok: false, summary: String(error.stderr || error.message) });
      console.log(`✗ ${name}: ${String(error.stderr || error.message)}`);
    }
  }

  // The installed packages parse with the grammars they ship in dist/grammars (no grammar
  // package is installed): Outline of a TypeScript file, and the Bash analyzer's verdict.
  {
    const source = join(consumer, 'sample.ts');
    writeFileSync(source, 'export function greet(name: string) {\n  return name;\n}\n');
    const installed = readdirSync(join(consumer, 'node_modules')).filter((name) =>
      name.startsWith('tree-sitter-'),
    );
    for (const [format, flags, load] of [
      [
        'import',
        ['--input-type=module', '-e'],
        "import { createToolSet } from '@toolcall/tools'; import { createBashAnalyzer } from '@toolcall/exec';",
      ],
      [
        'require',
        ['-e'],
        "const { createToolSet } = require('@toolcall/tools'); const { createBashAnalyzer } = require('@toolcall/exec');",
      ],
    ]) {
      const parse = `${load}
        (async () => {
          const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' } });
          const outcome = await set.pipeline.runTool({
            name: 'Outline', input: { file_path: 'sample.ts' }, toolUseId: 'toolu_outline',
          }).outcome;
          await set.close();
          if (outcome.status !== 'success' || !/greet/.test(outcome.result)) {
            throw new Error('Outline sample.ts: ' + outcome.result);
          }
          const analyzer = await createBashAnalyzer();
          const analysis = analyzer.analyze('git log | head');
          if (!analysis || typeof analysis !== 'object') throw new Error('no analysis');
        })().catch((error) => { process.stderr.write(String(error && error.message || error)); process.exit(1); });
      `;
      const name = `grammars shipped in dist (${format})`;
      try {
        if (installed.length > 0)
          throw new Error(`grammar packages installed: ${installed.join(', ')}`);
        execFileSync(process.execPath, [...flags, parse], {
          cwd: consumer,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        results.push({ name, ok: true });
        console.log(`✓ ${name}: Outline and the Bash analyzer parse with no grammar package`);
      } catch (error) {
        results.push({ name, ok: false, summary: String(error.stderr || error.message) });
        console.log(`✗ ${name}: ${String(error.stderr || error.message)}`);
      }
    }
  }

  // The MCP server entry loads through both formats beside its optional peer, and serves a
  // tool set to a real SDK client over an in-memory pair.
  for (const [format, flags, load] of [
    [
      'import',
      ['--input-type=module', '-e'],
      "import { createToolSet } from '@toolcall/tools'; import { createMcpToolServer } from '@toolcall/tools/mcp'; import { Client } from '@modelcontextprotocol/sdk/client/index.js'; import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';",
    ],
    [
      'require',
      ['-e'],
      "const { createToolSet } = require('@toolcall/tools'); const { createMcpToolServer } = require('@toolcall/tools/mcp'); const { Client } = require('@modelcontextprotocol/sdk/client/index.js'); const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');",
    ],
  ]) {
    const serve = `${load}
      (async () => {
        const mcp = createMcpToolServer();
        const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' }, askUser: mcp.askUser });
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const connected = mcp.connect({ toolSet: set, transport: serverSide });
        const client = new Client({ name: 'pack', version: '1.0.0' });
        await client.connect(clientSide);
        await connected;
        const { tools } = await client.listTools();
        if (!tools.some((tool) => tool.name === 'ToolCall')) throw new Error('no ToolCall tool listed');
        const result = await client.callTool({ name: 'Read', arguments: { file_path: 'sample.ts' } });
        if (!/greet/.test(JSON.stringify(result.content))) throw new Error('Read over MCP: ' + JSON.stringify(result));
        await client.close();
        await set.close();
      })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
    `;
    const name = `@toolcall/tools/mcp (${format})`;
    try {
      execFileSync(process.execPath, [...flags, serve], {
        cwd: consumer,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      results.push({ name, ok: true });
      console.log(`✓ ${name}: serves Read and lists ToolCall to an SDK client`);
    } catch (error) {
      results.push({ name, ok: false, summary: String(error.stderr || error.message) });
      console.log(`✗ ${name}: ${String(error.stderr || error.message)}`);
    }
  }

  // Every public entry point's API matches its committed report.
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'api-report.mjs')], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    results.push({ name: 'API reports', ok: true });
    console.log('✓ API reports: every entry point matches packages/*/api/');
  } catch (error) {
    const summary = String(error.stdout || error.message)
      .split('\n')
      .filter((line) => line.startsWith('✗'))
      .join('; ');
    results.push({ name: 'API reports', ok: false, summary });
    console.log(`✗ API reports: ${summary}`);
  }
} catch (error) {
  console.log(`✗ packing or installing failed: ${error.message}`);
  results.push({ name: 'install', ok: false });
} finally {
  rmSync(work, { recursive: true, force: true });
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
mkdirSync(join(root, '.test-results'), { recursive: true });
writeFileSync(
  join(root, '.test-results', 'pack-test.json'),
  JSON.stringify({ passed, failed, results }, null, 2),
);
console.log(`pack test: ${passed} passed, ${failed} failed`);
if (failed > 0) exitCode = 1;
process.exit(exitCode);
