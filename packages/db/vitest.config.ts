import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    passWithNoTests: true,
    // PGlite start-up and argon2 are slow on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
