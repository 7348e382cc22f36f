import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { createStore } from "@/lib/store/open-store";
import { runSummaryOf } from "@/lib/store/records";
import { computeReport } from "@/lib/scoring/report/report";
import { ingestFiles } from "./ingest-files";

forEachDatabase("re-ingest and concurrent ingest", (t) => {
  beforeEach(() => t.reset());

  async function counts() {
    return {
      runs: await t.db.run.count(),
      tasks: await t.db.task.count(),
      rollouts: await t.db.rollout.count(),
      checks: await t.db.check.count(),
    };
  }

  async function storedSummaryMatchesRun(runId: string) {
    const report = computeReport((await t.store.loadScoringRun(runId))!);
    const [listed] = (await t.store.listRuns()).filter((r) => r.id === runId);
    expect(listed?.summary).toEqual(runSummaryOf(report));
  }

  // grade-problem rollout ids are the files' paths, so a path that lost its leading folders names other rollouts.
  for (const runName of ["nightly", undefined]) {
    it(`stores nothing new when the same files come again from a folder inside the first batch (run name: ${runName ?? "none"})`, async () => {
      const first = await ingestFiles(t.store, loadFixture("grade-problem", "results/grade/"), {
        runName,
        rootName: "jobs",
      });
      const after = await counts();
      expect(after).toMatchObject({ runs: 1, rollouts: 5 });

      const inner = await ingestFiles(t.store, loadFixture("grade-problem", "grade/"), {
        runName,
        rootName: "results",
      });
      expect(inner.runs).toEqual([expect.objectContaining({ id: first.runs[0]!.id, rollouts: 5, created: false })]);
      expect(inner.accepted).toEqual([]);
      expect(inner.rejected).toEqual([]);
      expect(inner.duplicates).toHaveLength(5);
      expect(await counts()).toEqual(after);
    });
  }

  it("stores nothing new when the same files come again under an added leading folder", async () => {
    await ingestFiles(t.store, loadFixture("grade-problem"), { runName: "nightly", rootName: "grade" });
    const after = await counts();
    const outer = await ingestFiles(t.store, loadFixture("grade-problem", "more/grade/"), { runName: "nightly" });
    expect(outer.duplicates).toHaveLength(5);
    expect(outer.accepted).toEqual([]);
    expect(await counts()).toEqual(after);
  });

  it("stores the same bytes again at a path that is not the first one with leading folders added or removed", async () => {
    const files = loadFixture("grade-problem", "a/");
    await ingestFiles(t.store, files, { runName: "nightly" });
    const renamed = files.map((f) => ({ ...f, path: f.path.replace(/^a\//, "b/") }));
    const again = await ingestFiles(t.store, renamed, { runName: "nightly" });
    expect(again.accepted).toHaveLength(5);
    expect((await counts()).rollouts).toBe(10);
  });

  it("stores every rollout once when two ingests of one run start together on two stores", async () => {
    const other = createStore(t.database.target);
    try {
      const files = loadFixture("silo-runs");
      const [a, b] = await Promise.all([
        ingestFiles(t.store, [...files], { rootName: "silo-runs", batchSize: 1 }),
        ingestFiles(other, [...files], { rootName: "silo-runs", batchSize: 1 }),
      ]);
      expect(a.runs[0]!.id).toBe(b.runs[0]!.id);
      expect([a.runs[0]!.created, b.runs[0]!.created].sort()).toEqual([false, true]);
      expect(a.rejected).toEqual([]);
      expect(b.rejected).toEqual([]);
      expect(await counts()).toMatchObject({ runs: 1, tasks: 4, rollouts: 8, checks: 60 });
      await storedSummaryMatchesRun(a.runs[0]!.id);
    } finally {
      await other.close();
    }
  });

  it("stores every rollout once when two ingests of one named run from different folders start together", async () => {
    const other = createStore(t.database.target);
    try {
      const [a, b] = await Promise.all([
        ingestFiles(t.store, loadFixture("grade-problem", "results/grade/"), { runName: "nightly", batchSize: 1 }),
        ingestFiles(other, loadFixture("grade-problem", "grade/"), { runName: "nightly", batchSize: 1 }),
      ]);
      expect(a.runs[0]!.id).toBe(b.runs[0]!.id);
      expect(a.accepted.length + b.accepted.length).toBe(5);
      expect(await counts()).toMatchObject({ runs: 1, rollouts: 5 });
      await storedSummaryMatchesRun(a.runs[0]!.id);
    } finally {
      await other.close();
    }
  });
});
