import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { copyGrammars } from '../../scripts/copy-grammars.mjs';
import { GRAMMAR_FILES } from './src/navigation/languages.js';

const PACKAGE = fileURLToPath(new URL('.', import.meta.url));
const REPOSITORY_DOCS = path.join(PACKAGE, '..', '..', 'docs');

// The manuals a model reads through `toolcall://` (the tool manuals, the ToolCall dialect and
// what they link to), copied into dist/docs so the installed package serves them.
const PACKAGED_DOCS = [
  ...readdirSync(path.join(REPOSITORY_DOCS, 'tools'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `tools/${name}`),
  'toolcall-dialect.md',
  'toolcall.md',
  'tools.md',
  'exec.md',
  'skills.md',
];

function copyDocs(): void {
  for (const relative of PACKAGED_DOCS) {
    const target = path.join(PACKAGE, 'dist', 'docs', relative);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(REPOSITORY_DOCS, relative), target);
  }
}

export default defineConfig({
  // The navigation parse worker runs as a file of its own, beside the bundle that starts it.
  // `host-signals` is a subpath of its own: a host's entry installs its signal handlers at
  // start without loading the tools. `mcp` is the MCP server, the one entry that imports the
  // MCP SDK (an optional peer dependency).
  entry: {
    index: 'src/index.ts',
    'navigation-worker': 'src/navigation/split/parse-worker.ts',
    'host-signals': 'src/host/host-signals.ts',
    mcp: 'src/mcp/index.ts',
    // The provider adapters: `ai` is an optional peer, loaded only through `./ai-sdk`.
    'ai-sdk': 'src/adapters/ai-sdk.ts',
    anthropic: 'src/adapters/anthropic.ts',
    openai: 'src/adapters/openai.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  shims: true,
  // The navigation grammars ship as dist/grammars/*.wasm, not as the grammar packages.
  onSuccess: async () => {
    copyDocs();
    copyGrammars(PACKAGE, GRAMMAR_FILES);
  },
});
