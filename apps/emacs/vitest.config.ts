import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    // CI runs every package's suite at once on two cores: leave room under load.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
