import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { partialEffortJobFiles } from "@/lib/formats/__fixtures__/partial-effort-job";
import { reportPage } from "@/lib/api/report-page";
import { RUN_CSV_HEADER, runCsvRows } from "@/lib/api/run-csv";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import { ingestFiles } from "./ingest-files";
import { runSnapshot } from "@/lib/views/run-caches";

// The golden figures of cost and effort where recording is partial and the top spender is unscored: the
// partial-effort job (lib/formats/__fixtures__/partial-effort-job.ts) ingested and read back as the API and
// pages read it. Every figure below is derived by hand from the job's table.
forEachDatabase("cost and effort of a job that records spending unevenly", (t) => {
  beforeEach(() => t.reset());

  async function ingested() {
    const { runs, rejected } = await ingestFiles(t.store, partialEffortJobFiles(), { rootName: "partial-effort" });
    expect(rejected).toEqual([]);
    const id = runs[0]!.id;
    const snapshot = (await runSnapshot(t.store, id))!;
    return { id, report: snapshot.recorded };
  }

  it("per pass divides what the recording rollouts spent by the passes among them, per rollout by their number", async () => {
    const { report } = await ingested();
    expect(report.counts).toEqual({ tasks: 3, rollouts: 6, scored: 5, unscored: 1 });
    expect(report.passRate.passes).toBe(3); // alpha__Pass001, beta__Pass002, gamma__Pass003

    // Tokens: 4 of 6 record them (the trial folders), beta__Crash01 among them; of the 4, two passed.
    // 320,000 + 530,000 + 9,400,000 + 110,000 = 10,360,000. Sorted 110k 320k 530k 9.4M: median (320k + 530k) ÷ 2,
    // p90 at rank 2.7 = 530,000 + 0.7 × 8,870,000.
    expect(report.effort.tokens).toEqual({
      recorded: 4,
      rollouts: 6,
      passes: 2,
      total: 10_360_000,
      median: 425_000,
      p90: expect.closeTo(6_739_000, 6),
      perPass: 5_180_000, // 10,360,000 ÷ 2; not ÷ the run's 3 passes (3,453,333.3), gamma__Pass003 records none
      perRollout: 2_590_000, // 10,360,000 ÷ 4
    });
    // Cost: 3 of 6 (the crash records none): 0.5 + 0.8 + 0.2; sorted 0.2 0.5 0.8, p90 at rank 1.8.
    expect(report.effort.costUsd).toEqual({
      recorded: 3,
      rollouts: 6,
      passes: 2,
      total: expect.closeTo(1.5, 12),
      median: 0.5,
      p90: expect.closeTo(0.74, 12),
      perPass: expect.closeTo(0.75, 12),
      perRollout: expect.closeTo(0.5, 12),
    });
    // Duration: 50, 100, 200, 900 s; p90 at rank 2.7 = 200 + 0.7 × 700 s.
    expect(report.effort.durationMs).toEqual({
      recorded: 4,
      rollouts: 6,
      passes: 2,
      total: 1_250_000,
      median: 150_000,
      p90: expect.closeTo(690_000, 6),
      perPass: 625_000,
      perRollout: 312_500,
    });
    expect(report.effort.cachedTokens).toMatchObject({ recorded: 0, rollouts: 6, passes: 0, perPass: null });
  });

  it("the stored summary carries each total's coverage for the runs table", async () => {
    const { id } = await ingested();
    const run = (await t.store.listRuns()).find((r) => r.id === id)!;
    expect(run.summary?.totals).toEqual({
      costUsd: expect.closeTo(1.5, 12),
      tokens: 10_360_000,
      durationMs: 1_250_000,
      recorded: { costUsd: 3, tokens: 4, durationMs: 4 },
    });
  });

  it("the rollouts list sorted by tokens names the unscored crash first; not recorded stays last both ways", async () => {
    const { report } = await ingested();
    const page = (sort: "-tokens" | "tokens", limit = 6) =>
      reportPage(report, {
        kind: "page",
        list: "rollouts",
        cursor: undefined,
        limit,
        sort: { key: "tokens", dir: sort === "-tokens" ? "desc" : "asc" },
      }).items as RolloutReport[];
    const top = page("-tokens", 1);
    expect(top.map((r) => [r.id, r.status, r.measures.tokens])).toEqual([["beta__Crash01", "unscored", 9_400_000]]);
    expect(page("-tokens").map((r) => r.id)).toEqual([
      "beta__Crash01",
      "alpha__Fail001",
      "alpha__Pass001",
      "beta__Pass002",
      "gamma__Fail002",
      "gamma__Pass003",
    ]);
    expect(page("tokens").map((r) => r.id)).toEqual([
      "beta__Pass002",
      "alpha__Pass001",
      "alpha__Fail001",
      "beta__Crash01",
      "gamma__Fail002",
      "gamma__Pass003",
    ]);
  });

  it("the rollouts CSV carries every measure of every rollout, unscored included, empty where not recorded", async () => {
    const { id } = await ingested();
    const run = (await t.store.getRunExport(id))!;
    const rows = runCsvRows(run.name, run.rollouts);
    const at = (column: (typeof RUN_CSV_HEADER)[number]) => RUN_CSV_HEADER.indexOf(column);
    const byRollout = new Map(rows.slice(1).map((r) => [r[at("rollout")], r]));
    const crash = byRollout.get("beta__Crash01")!;
    expect(crash[at("rollout_status")]).toBe("unscored");
    expect(crash[at("rollout_tokens")]).toBe(9_400_000);
    expect(crash[at("rollout_input_tokens")]).toBe(9_000_000);
    expect(crash[at("rollout_duration_ms")]).toBe(900_000);
    expect(crash[at("rollout_cost_usd")]).toBeNull();
    expect(byRollout.get("gamma__Pass003")![at("rollout_tokens")]).toBeNull();
  });
});
