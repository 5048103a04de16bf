import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates and seeds one template database per run; each test file copies it (src/test/harness.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file builds its own app on its own database copy, so files need no fresh module graph: importing the app once
    // per worker instead of once per file more than halves the suite's CPU time.
    isolate: false,
  },
});
