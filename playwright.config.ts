import { defineConfig, type ReporterDescription } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/bench/chromium";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Browser tests (`npm run test:e2e`; `npm test` runs them after the unit tests and a build, see
// scripts/test.mjs). The browser is Debian's Chromium: Playwright's own browser download cannot work offline here.

// TALLY_E2E_PORT lets several checkouts run their browser tests at once on one machine.
export const E2E_PORT = Number(process.env.TALLY_E2E_PORT ?? 3917);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// A throwaway SQLite database for the server under test: serve migrates it and loads the demo runs.
const e2eDir = path.join(os.tmpdir(), `tally-e2e-${E2E_PORT}`);
const e2eDatabase = path.join(e2eDir, "tally.db");
// This file is also loaded by every worker process: only the runner (no TEST_WORKER_INDEX) may delete the
// database, before it starts the server, never while the server has it open.
if (process.env.TEST_WORKER_INDEX === undefined) {
  fs.rmSync(e2eDir, { recursive: true, force: true });
  fs.mkdirSync(e2eDir, { recursive: true });
}

const reporter: ReporterDescription[] = [["list"]];
// scripts/test.mjs asks for a JSON report to count results for its summary line.
if (process.env.TALLY_E2E_JSON) reporter.push(["json", { outputFile: process.env.TALLY_E2E_JSON }]);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: E2E_BASE_URL,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: "node lib/cli/bin.mjs serve",
    url: E2E_BASE_URL,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: `file:${e2eDatabase}`,
      TALLY_DEMO: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
