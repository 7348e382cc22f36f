import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { CHECK_TASKS_NAMED, GATE_VIOLATIONS_LISTED, pageReportOf } from "./page-report";
import { computeReport } from "./report";
import type { AuthorityGate, MetricReport } from "./report-types";

const { rollouts: _rollouts, ...report } = computeReport(
  syntheticScoringRun({ tasks: 12, rollouts: 2, checks: 3, groups: 2, seed: 7 }),
);
const keys = (n: number) => Array.from({ length: n }, (_, i) => `task-${i + 1}`);
const violations = (n: number): AuthorityGate["list"] =>
  Array.from({ length: n }, (_, i) => ({ task: `task-${i + 1}`, rollout: `r${i + 1}`, check: "A1", label: "no sudo" }));
const withGate = (n: number): MetricReport => ({
  ...report.metrics.correctness!,
  metric: "authority",
  gate: { passed: n === 0, violations: n, checks: 40, list: violations(n) },
});

describe("pageReportOf", () => {
  it("names a failed check's first five tasks and counts them all", () => {
    expect(CHECK_TASKS_NAMED).toBe(5);
    const check = {
      key: "C1",
      label: "tests pass",
      dimension: "correctness",
      failures: 9,
      rollouts: 20,
      tasks: keys(7),
    };
    const few = { ...check, key: "C2", tasks: keys(2) };
    const page = pageReportOf({ ...report, failures: { checks: [check, few], tags: [{ tag: "timeout", count: 3 }] } });
    expect(page.failures).toEqual({
      checks: [
        { ...check, tasks: ["task-1", "task-2", "task-3", "task-4", "task-5"], taskCount: 7 },
        { ...few, tasks: ["task-1", "task-2"], taskCount: 2 },
      ],
      tags: [{ tag: "timeout", count: 3 }],
    });
  });

  it("lists a gate's first five violations, keeps their count, and leaves a short gate's metric as it was", () => {
    expect(GATE_VIOLATIONS_LISTED).toBe(5);
    const long = withGate(8);
    const short = withGate(5);
    const page = pageReportOf({ ...report, metrics: { ...report.metrics, authority: long, other: short } });
    expect(page.metrics.authority!.gate).toEqual({ passed: false, violations: 8, checks: 40, list: violations(5) });
    expect(page.metrics.authority!.value).toBe(long.value);
    expect(page.metrics.other).toBe(short);
    expect(page.metrics.correctness).toBe(report.metrics.correctness);
  });

  it("drops each task row's pooled figures, handing out the same row for the same task report", () => {
    const first = pageReportOf(report);
    expect(first.tasks).toHaveLength(12);
    for (const [i, row] of first.tasks.entries()) {
      const { pooled: _pooled, ...rest } = report.tasks[i]!;
      expect(row).toEqual(rest);
      expect(row).not.toHaveProperty("pooled");
    }
    expect(pageReportOf(report).tasks.every((row, i) => row === first.tasks[i])).toBe(true);
  });
});
