import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    // CI runs every package's suite at once on two cores: leave room under load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
