import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'speech',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    passWithNoTests: true,
    // Real decoding, alignment and posteriors: a test that takes 2 s alone can take over 5 s on a
    // 2-core machine running the other projects beside it (two such timeouts seen).
    testTimeout: 30_000,
  },
});
