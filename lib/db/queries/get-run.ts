import type { Db } from "../client";
import { fromJson } from "../json";
import { prepared, sqliteConnection } from "../sqlite-direct";
import type { JsonObject, Regrade } from "@/lib/formats/types";
import type { RunListItem } from "./list-runs";
import type { RunSummary } from "./update-summaries";

export interface RunMeta extends RunListItem {
  metadata: JsonObject;
  warnings: string[];
  regrades: Regrade[];
  labels: string[];
  /** Task key → row id, for links to task pages. */
  taskIds: Record<string, string>;
  /** Rollout id → row id, for links to rollout pages. */
  rolloutIds: Record<string, string>;
}

/**
 * Task key → row id and rollout id → row id (12,000 pairs for a large run). On SQLite straight from the
 * driver: through Prisma's findMany this was most of the run page's time once the run itself is in memory.
 */
async function rowIds(db: Db, runId: string): Promise<[[string, string][], [string, string][]]> {
  const connection = await sqliteConnection(db);
  if (connection) {
    const pairs = (sql: string) => prepared(connection, sql, { rows: "arrays" }).all(runId) as [string, string][];
    return [
      pairs(`SELECT "key", "id" FROM "Task" WHERE "runId" = ?`),
      pairs(`SELECT "rolloutId", "id" FROM "Rollout" WHERE "runId" = ?`),
    ];
  }
  const [tasks, rollouts] = await Promise.all([
    db.task.findMany({ where: { runId }, select: { id: true, key: true } }),
    db.rollout.findMany({ where: { runId }, select: { id: true, rolloutId: true } }),
  ]);
  return [tasks.map((t) => [t.key, t.id]), rollouts.map((r) => [r.rolloutId, r.id])];
}

export async function getRunMeta(db: Db, runId: string): Promise<RunMeta | null> {
  const run = await db.run.findUnique({ where: { id: runId } });
  if (!run) return null;
  const [tasks, rollouts] = await rowIds(db, runId);
  return {
    id: run.id,
    name: run.name,
    agent: run.agent,
    model: run.model,
    format: run.format,
    createdAt: run.createdAt?.toISOString() ?? null,
    ingestedAt: run.ingestedAt.toISOString(),
    baseline: run.baseline,
    summary: fromJson<RunSummary | null>(run.summary, null),
    metadata: fromJson<JsonObject>(run.metadata, {}),
    warnings: fromJson<string[]>(run.warnings, []),
    regrades: fromJson<Regrade[]>(run.regrades, []),
    labels: fromJson<string[]>(run.labels, []),
    taskIds: Object.fromEntries(tasks),
    rolloutIds: Object.fromEntries(rollouts),
  };
}
