import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// Packages that find files beside their own code at run time (web-tree-sitter's .wasm, the
// ripgrep binary, a native addon) stay external and are dependencies of this package;
// everything else, the workspace packages included, is bundled, so a cold start reads one
// file instead of resolving and linking hundreds of modules.
const external = ['web-tree-sitter', '@vscode/ripgrep', 'node-pty'];

// zod's namespace re-exports its ~50 message locales (a fifth of the bundle); the command
// only ever uses the English one, which zod installs by default.
const englishZodLocale: Plugin = {
  name: 'english-zod-locale',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: args.importer, namespace: 'zod-locales', pluginData: dirname(args.importer) }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: args.pluginData as string,
      loader: 'js',
    }));
  },
};

// Built-in modules that only some tools need (the web tools' HTTP stack, process spawning,
// hashing, the terminal prompt) load on their first call instead of at start-up: every
// function the code imports from them is a forwarder that requires the module when called.
// An import of anything but a function from these fails this build.
const LAZY_BUILTINS = [
  'child_process',
  'crypto',
  'dns/promises',
  'http',
  'https',
  'net',
  'readline',
  'readline/promises',
  'zlib',
];

function forwarders(name: string): string {
  const module = createRequire(import.meta.url)(`node:${name}`) as Record<string, unknown>;
  const lines = [
    "import { createRequire } from 'node:module';",
    'let loaded;',
    `const load = () => (loaded ??= createRequire(import.meta.url)('node:${name}'));`,
  ];
  for (const [key, value] of Object.entries(module)) {
    if (typeof value !== 'function' || !/^[a-z]/.test(key)) continue;
    lines.push(`export function ${key}(...args) { return load().${key}(...args); }`);
    if (promisify.custom in value) {
      lines.push(
        `Object.defineProperty(${key}, Symbol.for('nodejs.util.promisify.custom'), { get: () => load().${key}[Symbol.for('nodejs.util.promisify.custom')] });`,
      );
    }
  }
  return lines.join('\n');
}

const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(build) {
    const pattern = new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`);
    build.onResolve({ filter: pattern }, (args) =>
      args.kind === 'import-statement'
        ? { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: forwarders(args.path),
      loader: 'js',
    }));
  },
};

// @toolcall/tools serves its packaged manuals as toolcall:// from `docs` beside its own module,
// and loads its grammars from `grammars` there; in the bundle that module is dist/main.cjs, so
// both are copied into dist.
function copyManuals(): void {
  const tools = dirname(createRequire(import.meta.url).resolve('@toolcall/tools/package.json'));
  for (const folder of ['docs', 'grammars']) {
    rmSync(join('dist', folder), { recursive: true, force: true });
    cpSync(join(tools, 'dist', folder), join('dist', folder), { recursive: true });
  }
}

// Outline's parse worker (see @toolcall/tools) runs as a file of its own, which the tools look
// for beside the code that starts it: dist/navigation-worker.js, beside dist/main.cjs.
function navigationWorker(): string {
  const tools = dirname(createRequire(import.meta.url).resolve('@toolcall/tools/package.json'));
  return join(tools, 'dist', 'navigation-worker.js');
}

// Three outputs: dist/cli.js, the small ES module `toolcall` runs; dist/main.cjs, every
// command in one CommonJS file, which cli.js compiles through V8's code cache (ES modules get
// no code cache on Node 20); and dist/navigation-worker.js. Each build cleans only its own
// files: they run side by side.
export default defineConfig([
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: ['!main.cjs*', '!docs/**', '!grammars/**', '!navigation-worker.js*'],
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    entry: { main: 'src/main.ts' },
    format: ['cjs'],
    sourcemap: true,
    clean: ['!cli.js*', '!navigation-worker.js*'],
    target: 'node20',
    // import.meta.url of the bundled code is the bundle's own file URL.
    shims: true,
    noExternal: [/^(?!web-tree-sitter$|@vscode\/ripgrep$|node-pty$)/],
    external,
    esbuildPlugins: [englishZodLocale, lazyBuiltins],
    onSuccess: async () => copyManuals(),
    // `await import('node-pty')` becomes a require: a script compiled through the code cache
    // has no ES module loader for import().
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
  },
  {
    entry: { 'navigation-worker': navigationWorker() },
    format: ['esm'],
    sourcemap: true,
    clean: ['!cli.js*', '!main.cjs*', '!docs/**', '!grammars/**'],
    target: 'node20',
    noExternal: [/^(?!web-tree-sitter$|@vscode\/ripgrep$|node-pty$)/],
    external,
  },
]);
