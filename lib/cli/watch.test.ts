import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import type { RunListItem } from "@/lib/store/records";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-cli-watch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "tally.db")}`, TALLY_DEMO: "0" };

describe("tally watch", { timeout: 120_000 }, () => {
  it("refuses to start without folders or on a missing one (usage, exit 2)", () => {
    for (const args of [["watch"], ["watch", path.join(dir, "nope")], ["serve", "--watch", path.join(dir, "nope")]]) {
      const res = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env });
      expect(res.status, res.stderr).toBe(2);
    }
  });

  it("stores a file written into the folder, and on Ctrl-C stops with exit 0, leaving the run not live", async () => {
    const folder = path.join(dir, "results");
    fs.mkdirSync(folder);
    const child = spawn(process.execPath, [bin, "watch", folder, "--run", "watched", "--tag", "ci"], {
      cwd: root,
      env,
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain("watching");
    fs.copyFileSync(fixturePath("grade-problem", "audit.json"), path.join(folder, "audit.json"));
    await expect.poll(() => out, { timeout: 5_000, interval: 100 }).toContain("stored     audit.json");
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    const listed = spawnSync(process.execPath, [bin, "runs", "list", "--json"], { cwd: root, encoding: "utf8", env });
    const runs = (JSON.parse(listed.stdout) as { runs: RunListItem[] }).runs;
    expect(runs).toMatchObject([{ name: "watched", tags: ["ci"], liveUntil: null }]);
  });
});
