import type { NormalizedRollout, NormalizedRun } from "@/lib/formats/types";
import type { ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";

/** The scoring view of one parsed rollout. */
export function toScoringRollout(r: NormalizedRollout): ScoringRollout {
  return {
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
      key,
      label,
      passed,
      score,
      required,
      dimension,
      status,
      weight,
      failureTag,
    })),
  };
}

/**
 * The scoring view of a freshly parsed run: what `tally score` computes from without a database. `rollouts`:
 * their views when already made (ingest converts rollouts batch by batch).
 */
export function toScoringRun(
  run: NormalizedRun,
  rollouts: ScoringRollout[] = run.rollouts.map(toScoringRollout),
): ScoringRun {
  return {
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    warnings: run.warnings,
    regrades: run.regrades,
    tasks: run.tasks.map(({ key, taskId, name, group, weight }) => ({ key, taskId, name, group, weight })),
    rollouts,
  };
}

/** Sorted by the UTF-8 bytes of `key`, which is how SQLite's default collation sorts text. */
function sortedByUtf8<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, bytes: Buffer.from(key(item)) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

/**
 * The run in the order a store reads a stored run back (tasks by key, rollouts by
 * id), so a report of it equals the report of the stored run, down to the order of floating-point sums.
 */
export function asStored(run: ScoringRun): ScoringRun {
  return {
    ...run,
    tasks: sortedByUtf8(run.tasks, (t) => t.key),
    rollouts: sortedByUtf8(run.rollouts, (r) => r.id),
  };
}
