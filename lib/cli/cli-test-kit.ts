import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

/** The project's root: where the CLI runs from in tests. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = path.join(ROOT, "lib/cli/bin.mjs");

/**
 * Test helper: the real `tally` command, each call a process of its own, on one SQLite file in a temp folder
 * (removed after the test file) without demo runs. stdin is an empty pipe, never a terminal: what a script sees.
 */
export function cliOnTempDatabase(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-cli-${name}-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const run = (env: Record<string, string>, args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      encoding: "utf8",
      input: "",
      env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "tally.db")}`, TALLY_DEMO: "0", ...env },
      maxBuffer: 64 * 1024 * 1024,
      // Long enough for the first call's bundle build; a command that hangs (a FIFO read) fails the test.
      timeout: 120_000,
    });
  const tally = (...args: string[]) => run({}, args);
  /** The command with more environment variables (limits, say). */
  const tallyWith = (env: Record<string, string>, ...args: string[]) => run(env, args);
  return { dir, tally, tallyWith };
}
