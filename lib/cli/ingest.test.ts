import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-cli-ingest-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const tally = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "tally.db")}`, TALLY_DEMO: "0" },
  });

// Each command is a process of its own (the first also builds the CLI bundle when a source changed).
describe("tally ingest", { timeout: 120_000 }, () => {
  it("warns when the new run holds another run's rollouts: the .eval and the .json of one Inspect log", () => {
    const first = tally("ingest", fixturePath("inspect-real/log_formats.eval"), "--run", "as eval");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).not.toContain("warning:");

    const second = tally("ingest", fixturePath("inspect-real/log_formats.json"), "--run", "as json");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Created run "as json"');
    expect(second.stdout).toContain(
      "  warning: Run “as json” shares 1 of its 1 rollouts with run “as eval” (a duplicate of “as eval”; the same samples, read from another file of the same log).",
    );
  });
});
