import type { Db } from "../client";
import { fromJson } from "../json";
import type { CheckStatus, ScoringRun, VerdictRule } from "@/lib/scoring/types";

/**
 * Loads a stored run in the compact shape every scoring function reads (the same shape `tally score`
 * builds from files), or null when there is no such run.
 */
export async function loadScoringRun(db: Db, runId: string): Promise<ScoringRun | null> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { name: true, format: true, passThreshold: true, warnings: true, regrades: true },
  });
  if (!run) return null;
  const [tasks, rollouts, checks] = await Promise.all([
    db.task.findMany({ where: { runId }, select: { id: true, key: true, taskId: true, name: true, group: true, weight: true }, orderBy: { key: "asc" } }),
    db.rollout.findMany({
      where: { runId },
      select: { id: true, taskRef: true, rolloutId: true, status: true, rule: true, reportedPassed: true, reportedReward: true, penalties: true, gate: true, sourcePath: true, warnings: true },
      orderBy: { rolloutId: "asc" },
    }),
    db.check.findMany({
      where: { rollout: { runId } },
      select: { rolloutRef: true, key: true, label: true, passed: true, score: true, required: true, dimension: true, status: true, weight: true, failureTag: true },
      orderBy: [{ rolloutRef: "asc" }, { order: "asc" }],
    }),
  ]);
  const taskKey = new Map(tasks.map((t) => [t.id, t.key]));
  const checksByRollout = new Map<string, ScoringRun["rollouts"][number]["checks"]>();
  for (const c of checks) {
    let list = checksByRollout.get(c.rolloutRef);
    if (!list) checksByRollout.set(c.rolloutRef, (list = []));
    list.push({
      key: c.key,
      label: c.label,
      passed: c.passed,
      score: c.score,
      required: c.required,
      dimension: c.dimension,
      status: c.status as CheckStatus,
      weight: c.weight,
      failureTag: c.failureTag,
    });
  }
  return {
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    warnings: fromJson(run.warnings, [] as string[]),
    regrades: fromJson(run.regrades, [] as NonNullable<ScoringRun["regrades"]>),
    tasks: tasks.map(({ key, taskId, name, group, weight }) => ({ key, taskId, name, group, weight })),
    rollouts: rollouts.map((r) => ({
      id: r.rolloutId,
      task: taskKey.get(r.taskRef) ?? "",
      status: r.status === "unscored" ? "unscored" : "scored",
      rule: r.rule as VerdictRule,
      reportedPassed: r.reportedPassed,
      reportedReward: r.reportedReward,
      penalties: r.penalties,
      gate: r.gate,
      checks: checksByRollout.get(r.id) ?? [],
      source: r.sourcePath,
      warnings: fromJson(r.warnings, [] as string[]),
    })),
  };
}
