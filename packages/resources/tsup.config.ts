import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  // One shared chunk for both formats, so the node subpath and the root share classes.
  splitting: true,
  target: 'node20',
});
