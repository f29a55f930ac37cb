import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { bridge: 'src/bridge.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
});
