import { defineConfig } from 'vitest/config';

// Property tests and CLI runs take seconds on a loaded machine: a minute per test before it counts as hung.
export default defineConfig({
  test: {
    testTimeout: 60_000,
  },
});
