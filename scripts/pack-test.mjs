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

/**
 * Runs `body` (the statements of an async function) in a fresh process in the consumer project,
 * once loading `imports` (`[binding, module]` pairs) with `import` and once with `require`, and
 * records a result for each format.
 */
function inBothFormats({ name, imports, body, passed }) {
  const formats = [
    [
      'import',
      ['--input-type=module', '-e'],
      imports.map(([binding, module]) => `import { ${binding} } from '${module}';`).join(' '),
    ],
    [
      'require',
      ['-e'],
      imports.map(([binding, module]) => `const { ${binding} } = require('${module}');`).join(' '),
    ],
  ];
  for (const [format, flags, load] of formats) {
    const script = `${load}
      (async () => {${body}
      })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });`;
    const label = `${name} (${format})`;
    try {
      execFileSync(process.execPath, [...flags, script], {
        cwd: consumer,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      results.push({ name: label, ok: true });
      console.log(`✓ ${label}: ${passed}`);
    } catch (error) {
      results.push({ name: label, ok: false, summary: String(error.stderr || error.message) });
      console.log(`✗ ${label}: ${String(error.stderr || error.message)}`);
    }
  }
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
  // docsDirectory and no source checkout.
  inBothFormats({
    name: '@toolcall/tools manuals',
    imports: [['createToolSet', '@toolcall/tools']],
    body: `
      const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' } });
      const outcome = await set.pipeline.runTool({
        name: 'Read',
        input: { file_path: 'toolcall://toolcall-dialect.md', limit: 1 },
        toolUseId: 'toolu_pack',
      }).outcome;
      await set.close();
      if (outcome.status !== 'success' || !/^1\t# /.test(outcome.result)) {
        throw new Error('Read toolcall://toolcall-dialect.md: ' + outcome.result);
      }`,
    passed: 'reads toolcall://toolcall-dialect.md with no docsDirectory',
  });

  // The installed packages parse with the grammars they ship in dist/grammars (no grammar
  // package is installed): Outline of a TypeScript file, and the Bash analyzer's verdict.
  writeFileSync(
    join(consumer, 'sample.ts'),
    'export function greet(name: string) {\n  return name;\n}\n',
  );
  const grammarPackages = readdirSync(join(consumer, 'node_modules')).filter((name) =>
    name.startsWith('tree-sitter-'),
  );
  if (grammarPackages.length > 0) {
    const summary = `grammar packages installed: ${grammarPackages.join(', ')}`;
    results.push({ name: 'grammars shipped in dist', ok: false, summary });
    console.log(`✗ grammars shipped in dist: ${summary}`);
  }
  inBothFormats({
    name: 'grammars shipped in dist',
    imports: [
      ['createToolSet', '@toolcall/tools'],
      ['createBashAnalyzer', '@toolcall/exec'],
    ],
    body: `
      const set = createToolSet({ workspace: process.cwd(), permissions: { mode: 'full-auto' } });
      const outcome = await set.pipeline.runTool({
        name: 'Outline', input: { file_path: 'sample.ts' }, toolUseId: 'toolu_outline',
      }).outcome;
      await set.close();
      if (outcome.status !== 'success' || !/greet/.test(outcome.result)) {
        throw new Error('Outline sample.ts: ' + outcome.result);
      }
      const analysis = (await createBashAnalyzer()).analyze('git log | head');
      if (!analysis || typeof analysis !== 'object') throw new Error('no analysis');`,
    passed: 'Outline and the Bash analyzer parse with no grammar package',
  });

  // The MCP server entry loads beside its optional peer, and serves a tool set to a real SDK
  // client over an in-memory pair.
  inBothFormats({
    name: '@toolcall/tools/mcp',
    imports: [
      ['createToolSet', '@toolcall/tools'],
      ['createMcpToolServer', '@toolcall/tools/mcp'],
      ['Client', '@modelcontextprotocol/sdk/client/index.js'],
      ['InMemoryTransport', '@modelcontextprotocol/sdk/inMemory.js'],
    ],
    body: `
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
      await set.close();`,
    passed: 'serves Read and lists ToolCall to an SDK client',
  });

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
