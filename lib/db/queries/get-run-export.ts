import type { Db } from "../client";

export interface ExportCheck {
  key: string;
  label: string;
  required: boolean;
  dimension: string;
  status: string;
  passed: boolean | null;
  score: number | null;
  detail: string | null;
  failureTag: string | null;
}

export interface ExportRollout {
  taskKey: string;
  group: string | null;
  rolloutId: string;
  status: string;
  /** As computed at ingest (SPEC §3), not as the file reported. */
  passed: boolean;
  reward: number | null;
  checks: ExportCheck[];
}

/** Every rollout of a run with its checks, ordered by task key, rollout id and check order; null when no run. */
export async function getRunExport(db: Db, runId: string): Promise<{ name: string; rollouts: ExportRollout[] } | null> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { name: true } });
  if (!run) return null;
  const rows = await db.rollout.findMany({
    where: { runId },
    select: {
      rolloutId: true,
      status: true,
      passed: true,
      reward: true,
      task: { select: { key: true, group: true } },
      checks: {
        select: {
          key: true,
          label: true,
          required: true,
          dimension: true,
          status: true,
          passed: true,
          score: true,
          detail: true,
          failureTag: true,
        },
        orderBy: { order: "asc" },
      },
    },
    orderBy: [{ task: { key: "asc" } }, { rolloutId: "asc" }],
  });
  return {
    name: run.name,
    rollouts: rows.map((r) => ({
      taskKey: r.task.key,
      group: r.task.group,
      rolloutId: r.rolloutId,
      status: r.status,
      passed: r.passed,
      reward: r.reward,
      checks: r.checks,
    })),
  };
}
