import { describe, expect, it } from "vitest";
import { BENCH_SHAPE, syntheticScoringRun } from "@/lib/bench/synthetic";
import { check, rollout, run, task } from "@/lib/scoring/__fixtures__/build";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { leverWork } from "@/lib/scoring/report/columnar/column-levers";
import { levers } from "@/lib/scoring/report/levers";
import { reportOf } from "@/lib/scoring/report/columnar/report-of";
import { recordedFirstScreen, STORED_LEVERS_WORK } from "./run-encoding";

describe("recordedFirstScreen", () => {
  it("holds the run's levers as recorded when trying them is bounded work", () => {
    const r = syntheticScoringRun({ ...BENCH_SHAPE, tasks: 40 });
    const columns = columnsOf(r);
    // 40 tasks × 5 rollouts × 12 checks: each task's 60 checks times its 12 check keys.
    expect(leverWork(columns)).toBe(40 * 60 * 12);
    expect(recordedFirstScreen(columns, reportOf(columns)).levers).toEqual(levers(r));
  });

  it("leaves them to the page's worker for a rollout of so many checks that trying each holds the server", () => {
    const checks = Array.from({ length: 8_000 }, (_, i) => check(`c${i}`, i % 7 !== 3));
    const columns = columnsOf(run([task("big")], [rollout("r", "big", checks)]));
    expect(leverWork(columns)).toBe(8_000 * 8_000);
    expect(leverWork(columns)).toBeGreaterThan(STORED_LEVERS_WORK);
    expect(recordedFirstScreen(columns, reportOf(columns))).not.toHaveProperty("levers");
  });
});
