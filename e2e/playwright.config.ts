import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs (two worktrees) coexist on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh database per run; workers read the same directory through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'aircargo-e2e-'));

export default defineConfig({
  testDir: './tests',
  // The demo users share one server-side state (current role, locale), so the suite runs in one worker.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous: CI machines are shared, and a slow step should fail on its assertion, not on the clock.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // The server serves web/dist, so the web app is built first.
    command: 'npm run build -w web && npm run start -w server',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
  },
});
