import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "../core/types";

/** Terse builders for hand-made test runs; defaults are a graded, required correctness check. */
export function check(key: string, passed: boolean | null, extra: Partial<ScoringCheck> = {}): ScoringCheck {
  return {
    key,
    label: extra.label ?? key,
    passed,
    score: null,
    required: true,
    dimension: "correctness",
    status: passed === null ? "not_assigned" : "graded",
    weight: null,
    failureTag: null,
    ...extra,
  };
}

export function rollout(
  id: string,
  task: string,
  checks: ScoringCheck[],
  extra: Partial<ScoringRollout> = {},
): ScoringRollout {
  return {
    id,
    task,
    status: "scored",
    rule: "checks",
    reportedPassed: null,
    reportedReward: null,
    penalties: 0,
    gate: null,
    checks,
    ...extra,
  };
}

export function task(key: string, extra: Partial<ScoringTask> = {}): ScoringTask {
  const slash = key.lastIndexOf("/");
  return {
    key,
    taskId: slash >= 0 ? key.slice(slash + 1) : key,
    name: null,
    group: slash >= 0 ? key.slice(0, slash) : null,
    weight: 1,
    ...extra,
  };
}

export function run(tasks: ScoringTask[], rollouts: ScoringRollout[], extra: Partial<ScoringRun> = {}): ScoringRun {
  return { name: "test", format: "silo", tasks, rollouts, passThreshold: 1, ...extra };
}
