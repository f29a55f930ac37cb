import { dirname } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// Packages that find files beside their own code at run time (grammar .wasm files, the
// ripgrep binary, a native addon) stay external and are dependencies of this package;
// everything else, the workspace packages included, is bundled into a few files so a cold
// start reads and links a handful of modules instead of hundreds.
const external = ['web-tree-sitter', /^tree-sitter-/, '@vscode/ripgrep', 'node-pty'];

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

export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: [/^(?!web-tree-sitter$|tree-sitter-|@vscode\/ripgrep$|node-pty$)/],
  external,
  esbuildPlugins: [englishZodLocale],
  banner: {
    // Bundled CommonJS code (ajv and its helpers) requires Node's built-in modules.
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
});
