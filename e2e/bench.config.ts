// `npm run bench:web`: the front end measured against a monolith of the same sources, on ports of
// its own and a fresh database. Timings live here, never in `npm test` (byte budgets do).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BENCH_PORTS } from './bench/benchEnv';
import { chromiumLaunchOptions } from './tests/support/env';

const dataDir =
  process.env.BENCH_PGLITE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdash-bench-'));
process.env.BENCH_PGLITE_DIR = dataDir;
const deliveryDir =
  process.env.BENCH_DELIVERY_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdash-bench-remotes-'));
process.env.BENCH_DELIVERY_DIR = deliveryDir;
const repo = path.resolve(__dirname, '..');

const shared = {
  API_URL: `http://127.0.0.1:${BENCH_PORTS.api}`,
  REMOTES_ORIGIN: `http://localhost:${BENCH_PORTS.remotes}`,
  SHELL_ORIGINS: [BENCH_PORTS.shell, BENCH_PORTS.monolith]
    .map((port) => `http://localhost:${port}`)
    .join(','),
  REMOTES_DIR: path.join(deliveryDir, 'store'),
  REMOTES_FILE: path.join(deliveryDir, 'remotes.json'),
  STAGE: 'prod',
  LOG_LEVEL: 'warn',
};

export default defineConfig({
  testDir: './bench',
  testMatch: /.*\.bench\.ts/,
  workers: 1,
  timeout: 15 * 60_000,
  reporter: [['list']],
  use: {
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      // The federated dashboard, started as `npm start` starts it.
      command: 'node ../scripts/start.mjs --no-build',
      url: `http://localhost:${BENCH_PORTS.shell}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...shared,
        PORT: String(BENCH_PORTS.shell),
        API_PORT: String(BENCH_PORTS.api),
        REMOTES_PORT: String(BENCH_PORTS.remotes),
        PGLITE_DIR: dataDir,
      },
    },
    {
      // The monolith: the same shell server, serving the build with every remote compiled in.
      command: `node ${path.join(repo, 'shell/dist-server/server/main.js')}`,
      url: `http://localhost:${BENCH_PORTS.monolith}/robots.txt`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...shared,
        PORT: String(BENCH_PORTS.monolith),
        SHELL_DIST_DIR: path.join(repo, 'shell/dist-monolith'),
      },
    },
  ],
});
