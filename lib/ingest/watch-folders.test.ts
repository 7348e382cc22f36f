import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { isLive } from "@/lib/run-labels";
import { FolderWatcher, type WatchEvent } from "./watch-folders";

// The watcher's scans are driven by hand with a clock the test moves: what it decides (retry, refuse, keep)
// depends on how long ago each file last changed, not on fs.watch timing.

const TAU = fixturePath("tau-bench-real", "tau-bench-v1.gpt-4o-airline.trimmed.json");
const tauResults = () => JSON.parse(fs.readFileSync(TAU, "utf8")) as unknown[];

forEachDatabase("tally watch", (t) => {
  let dir: string;
  let clock: number;
  let events: WatchEvent[];
  let watcher: FolderWatcher;

  beforeEach(async () => {
    await t.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-watch-"));
    clock = Date.parse("2026-12-01T12:00:00Z");
    events = [];
    watcher = new FolderWatcher(t.store, [dir], {
      runName: "live run",
      settleMs: 5_000,
      onEvent: (e) => events.push(e),
      now: () => clock,
    });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  const copy = (from: string, name: string) => fs.copyFileSync(fixturePath(from), path.join(dir, name));
  const kinds = () => events.map((e) => ("path" in e ? `${e.kind} ${e.path}` : e.kind));
  const rollouts = () => t.db.rollout.count();

  it("retries a half-written file while it is fresh, then stores it once complete, refusing nothing", async () => {
    copy("grade-problem/audit.json", "audit.json");
    const full = fs.readFileSync(fixturePath("grade-problem/exploit-pass.json"), "utf8");
    write("exploit-pass.json", full.slice(0, full.length / 2));
    await watcher.scan();
    expect(kinds()).toEqual(["run", "stored audit.json", `waiting exploit-pass.json`]);
    expect(watcher.retryAt).toBe(clock + 250);
    expect(await rollouts()).toBe(1);

    clock += 300;
    await watcher.scan(); // the retry: still half-written, no second report
    expect(kinds()).toHaveLength(3);
    expect(watcher.retryAt).toBe(clock + 500);

    write("exploit-pass.json", full);
    clock += 100;
    await watcher.scan();
    expect(kinds().slice(3)).toEqual(["run", "stored exploit-pass.json"]);
    expect(watcher.retryAt).toBeNull();
    expect(await rollouts()).toBe(2);
    expect(await t.db.rejectedFile.count()).toBe(0);

    // Nothing changed: nothing is read into the store again, nothing reported.
    clock += 1_000;
    await watcher.scan();
    expect(kinds()).toHaveLength(5);
  });

  it("refuses a file that stays invalid once it has stopped changing, once, with why, and keeps its bytes", async () => {
    write("broken.json", '{"not": "finished"');
    await watcher.scan();
    expect(events).toEqual([{ kind: "waiting", path: "broken.json", error: expect.any(String) }]);

    clock += 5_000;
    await watcher.scan();
    expect(events[1]).toEqual({ kind: "refused", path: "broken.json", error: expect.stringMatching(/JSON/i) });
    expect(await t.db.rejectedFile.count()).toBe(1);

    copy("grade-problem/audit.json", "audit.json");
    clock += 1_000;
    await watcher.scan();
    expect(kinds().slice(2)).toEqual(["run", "stored audit.json"]);
    expect(kinds().filter((k) => k.startsWith("refused"))).toHaveLength(1);
    expect(await t.db.rejectedFile.count()).toBe(1);
  });

  it("adds the new rollouts of a changed file, keeps those already stored, and says so once", async () => {
    const all = tauResults();
    write("results.json", JSON.stringify(all.slice(0, 2)));
    await watcher.scan();
    expect(await rollouts()).toBe(2);
    const stored = await t.db.rollout.findMany({ orderBy: { id: "asc" } });

    write("results.json", JSON.stringify(all));
    clock += 1_000;
    await watcher.scan();
    expect(await rollouts()).toBe(all.length);
    expect(
      await t.db.rollout.findMany({ where: { id: { in: stored.map((r) => r.id) } }, orderBy: { id: "asc" } }),
    ).toEqual(stored);
    const kept = events.filter((e) => e.kind === "kept");
    expect(kept).toEqual([{ kind: "kept", path: "results.json", error: expect.stringContaining("changed after") }]);
    expect(await t.db.rejectedFile.count()).toBe(0);

    clock += 10_000;
    await watcher.scan();
    copy("grade-problem/audit.json", "other.json");
    await watcher.scan();
    expect(events.filter((e) => e.kind === "kept")).toHaveLength(1);
  });

  it("reads the folders again after an ingest that failed as a whole, though no file changed since", async () => {
    let failures = 1;
    // The real store, but its first batch write fails as a database gone for a moment would.
    const flaky = new Proxy(t.store, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (name === "storeRollouts" && failures > 0) {
          failures--;
          return () => Promise.reject(new Error("database is locked"));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const w = new FolderWatcher(flaky, [dir], { runName: "flaky", onEvent: (e) => events.push(e), now: () => clock });
    copy("grade-problem/audit.json", "audit.json");
    await w.scan();
    expect(events).toEqual([{ kind: "failed", error: "database is locked" }]);
    expect(w.retryAt).toBe(clock + 2_000);
    clock += 2_000;
    await w.scan();
    expect(kinds().slice(1)).toEqual(["run", "stored audit.json"]);
    expect(await rollouts()).toBe(1);
  });

  it("keeps the runs it feeds live while it runs and clears them on stop", async () => {
    copy("grade-problem/audit.json", "audit.json");
    await watcher.scan();
    const [run] = await t.store.listRuns();
    expect(run).toMatchObject({ name: "live run", tags: [] });
    expect(isLive(run!.liveUntil, clock)).toBe(true);
    expect(isLive(run!.liveUntil, clock + 60_000)).toBe(false);
    await watcher.stop();
    expect((await t.store.listRuns())[0]!.liveUntil).toBeNull();
  });

  it("picks up a file written after start within a couple of seconds (fs.watch or the rescan)", async () => {
    const real = new FolderWatcher(t.store, [dir], { runName: "real clock", onEvent: (e) => events.push(e) });
    await real.start();
    try {
      copy("grade-problem/audit.json", "audit.json");
      await expect.poll(() => kinds(), { timeout: 3_000, interval: 100 }).toContain("stored audit.json");
    } finally {
      await real.stop();
    }
  });
});
