import { describe, expect, it } from "vitest";
import { JOB_ROLLOUTS, JOB_RUNS, JOB_TASKS, jobPasses, jobRun } from "../__fixtures__/agent-model-job";
import { computeReport } from "./report";
import { leaderboard } from "./leaderboard";

// The figures worked again here from the pass counts alone (not the code under test): each task's pass rate
// k/4, a run's headline the mean over the 85 tasks, a difference d_t = x_run − x_leader with mean and
// sd(d)/√85, and the 95% interval with t(0.975, 84) = 1.98861 from a table.
const T_84 = 1.98861;
const rate = (r: number, t: number) => jobPasses(r, t) / JOB_ROLLOUTS;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const tasks = Array.from({ length: JOB_TASKS }, (_, t) => t);

describe("a leaderboard of 8 agent × model runs on the same 85 tasks", () => {
  const entries = Array.from({ length: JOB_RUNS }, (_, r) => {
    const run = jobRun(r);
    return { id: `run-${r}`, name: run.name, report: computeReport(run) };
  });
  const board = leaderboard(entries);

  it("ranks by the headline on the shared tasks, as worked by hand", () => {
    expect(board).toMatchObject({ metric: "correctness", scheme: "task", tasks: 85, q: 0.05 });
    expect(board).toMatchObject({ resamples: 2000, seed: 20_261_203 });
    const headlines = entries.map((_, r) => mean(tasks.map((t) => rate(r, t))));
    for (const row of board.rows) {
      const r = Number(row.id.slice(4));
      expect(row.value).toBeCloseTo(headlines[r]!, 12);
      expect(row.headline.value).toBeCloseTo(headlines[r]!, 12);
    }
    const byValue = [...headlines].sort((a, b) => b - a);
    expect(board.rows.map((row) => row.value)).toEqual(board.rows.map((_, i) => expect.closeTo(byValue[i]!, 12)));
  });

  it("paired differences to the leader with their intervals, as worked by hand", () => {
    const leader = Number(board.rows[0]!.id.slice(4));
    for (const row of board.rows.slice(1)) {
      const r = Number(row.id.slice(4));
      const d = tasks.map((t) => rate(r, t) - rate(leader, t));
      const m = mean(d);
      const se = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1) / d.length);
      expect(row.toLeader!.delta).toBeCloseTo(m, 12);
      expect(row.toLeader!.se).toBeCloseTo(se, 12);
      expect(row.toLeader!.ci95![0]).toBeCloseTo(m - T_84 * se, 4);
      expect(row.toLeader!.ci95![1]).toBeCloseTo(m + T_84 * se, 4);
    }
    expect(board.rows[0]!.toLeader).toBeNull();
  });

  it("rank intervals are reproducible with the stated seed, and ties are symmetric", () => {
    const again = leaderboard(entries);
    expect(again.rows.map((r) => r.rankInterval)).toEqual(board.rows.map((r) => r.rankInterval));
    for (const row of board.rows) {
      expect(row.rankInterval[0]).toBeLessThanOrEqual(row.rank);
      expect(row.rankInterval[1]).toBeGreaterThanOrEqual(row.rank);
      for (const other of row.tiedWith) expect(board.rows.find((x) => x.id === other)!.tiedWith).toContain(row.id);
    }
    // Runs 3, 4 and 5 share a skill (their noise differs): tied with each other, their ranks 3 to 5; run 0 is
    // behind everyone in every draw.
    expect(board.rows.find((r) => r.id === "run-3")!.tiedWith).toEqual(["run-4", "run-5"]);
    expect(board.rows.find((r) => r.id === "run-5")!.rankInterval).toEqual([3, 5]);
    const last = board.rows.find((r) => r.id === "run-0")!;
    expect(last.rank).toBe(8);
    expect(last.rankInterval).toEqual([8, 8]);
    expect(last.tiedWith).toEqual([]);
    expect(leaderboard(entries, { seed: 1 }).rows.map((r) => r.rank)).toEqual(board.rows.map((r) => r.rank));
  });

  it("a run ahead on every task holds rank 1 in every draw", () => {
    const best = { id: "best", name: "best", report: computeReport(jobRun(0)) };
    best.report.tasks.forEach((t) => Object.assign(t.metrics, { correctness: 1 }));
    best.report.tasks.forEach((t) => Object.assign(t.pooled, { correctness: { value: 1, votes: 4 } }));
    const b = leaderboard([best, ...entries.slice(0, 3)]);
    expect(b.rows[0]).toMatchObject({ id: "best", rank: 1, rankInterval: [1, 1], toLeader: null, tiedWith: [] });
  });
});
