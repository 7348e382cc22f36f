import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { forEachDatabase } from "@/lib/db/test-databases";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
// More rollouts than one CLI transaction (1,000), so a kill can land between two of them.
const SHAPE = { tasks: 600, rollouts: 4, checks: 12, groups: 5, seed: 3 };
const ROLLOUTS = SHAPE.tasks * SHAPE.rollouts;
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "tally-kill-"));
  for (const file of syntheticSiloFiles(SHAPE)) {
    const target = path.join(folder, "suite", file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.text);
  }
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

forEachDatabase("a killed ingest", (t) => {
  it("leaves no half-written rollout, and running the same ingest again completes the run", async () => {
    const env = { ...process.env, DATABASE_URL: t.url };
    const child = spawn(process.execPath, [bin, "ingest", path.join(folder, "suite")], { env, stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // Kill (SIGKILL: no cleanup runs) as soon as some, but not all, rollouts are in.
    let seen: number;
    for (;;) {
      seen = await t.db.rollout.count();
      if (seen > 0 || child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill("SIGKILL");
    await exited;
    const partial = await t.db.rollout.count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(ROLLOUTS);

    // Every stored rollout is whole: all 12 checks and its task row.
    const perRollout = await t.db.check.groupBy({ by: ["rolloutRef"], _count: { _all: true } });
    expect(perRollout).toHaveLength(partial);
    expect(perRollout.every((r) => r._count._all === SHAPE.checks)).toBe(true);

    const again = spawnSync(process.execPath, [bin, "ingest", path.join(folder, "suite"), "--json"], {
      env,
      encoding: "utf8",
    });
    expect(again.status, `${again.stderr}\n${again.stdout.slice(-1500)}`).toBe(0);
    const result = JSON.parse(again.stdout);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0].rollouts).toBe(ROLLOUTS);
    expect(result.duplicates.length).toBe(partial);
    expect(await t.db.run.count()).toBe(1);
    expect(await t.db.rollout.count()).toBe(ROLLOUTS);
    expect(await t.db.check.count()).toBe(ROLLOUTS * SHAPE.checks);
    const run = await t.db.run.findFirstOrThrow();
    expect((run.summary as { rollouts: number }).rollouts).toBe(ROLLOUTS);
  }, 240_000);
});
