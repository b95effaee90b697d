import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { serverEnv, swazBin } from './support/server.mjs';

// One real `swaz serve` for the run, with a fresh data dir and database. The values go into
// process.env in the main process, so the workers (which load this file again) and
// `swaz user create` in support/users.ts reach the same server and database.
if (!process.env.E2E_BASE_URL) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  Object.assign(process.env, serverEnv(port));
  process.env.E2E_BASE_URL = process.env.SWAZ_PUBLIC_URL;
}

/** Browser journeys against the real server; each spec creates its own users (support/users.ts). */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // No trace: recording one for every test (to keep the failures') had Chromium's compositor
    // encode a screencast all along, a fifth of the machine's CPU. To keep the trace of a failing
    // test, run with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `"${swazBin}" serve`,
    url: `${process.env.E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs,
        },
      },
    },
  ],
});
