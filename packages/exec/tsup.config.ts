import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { copyGrammars } from '../../scripts/copy-grammars.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // The Bash analyzer's grammar ships as dist/grammars/tree-sitter-bash.wasm.
  onSuccess: async () =>
    copyGrammars(fileURLToPath(new URL('.', import.meta.url)), [
      'tree-sitter-bash/tree-sitter-bash.wasm',
    ]),
});
