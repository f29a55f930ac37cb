import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { bridge: 'src/bridge.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
  // serveBridge for the CLI's `toolcall bridge`, without the shebang entry's side effects.
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'node20',
  },
]);
