import type { NormalizedRun } from "@/lib/formats/types";
import type { ScoringRun } from "@/lib/scoring/types";

/** The scoring view of a freshly parsed run: what `tally score` computes from without a database. */
export function toScoringRun(run: NormalizedRun): ScoringRun {
  return {
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    warnings: run.warnings,
    regrades: run.regrades,
    tasks: run.tasks.map(({ key, taskId, name, group, weight }) => ({ key, taskId, name, group, weight })),
    rollouts: run.rollouts.map((r) => ({
      id: r.id,
      task: r.task,
      status: r.status,
      rule: r.rule,
      reportedPassed: r.reportedPassed,
      reportedReward: r.reportedReward,
      penalties: r.penalties,
      gate: r.gate,
      source: r.source.path,
      warnings: r.warnings,
      checks: r.checks.map(({ key, label, passed, score, required, dimension, status, weight, failureTag }) => ({
        key, label, passed, score, required, dimension, status, weight, failureTag,
      })),
    })),
  };
}
