import type { Db } from "../client";
import { runRowId } from "../ids";
import { toJson } from "../json";
import type { NormalizedRun } from "@/lib/formats/types";

/** Finds the run a batch maps to, creating it (empty) when new. Returns its id and whether it was created. */
export async function upsertRun(
  db: Db,
  key: string,
  run: NormalizedRun,
  options: { baseline?: boolean },
): Promise<{ id: string; created: boolean }> {
  const id = runRowId(key);
  const existing = await db.run.findUnique({ where: { id }, select: { id: true } });
  if (existing) {
    if (options.baseline) await setBaseline(db, id);
    return { id, created: false };
  }
  await db.run.create({
    data: {
      id,
      key,
      name: run.name,
      agent: run.agent,
      model: run.model,
      format: run.format,
      createdAt: run.createdAt ? new Date(run.createdAt) : null,
      labels: toJson([]),
      metadata: toJson(run.metadata),
      warnings: toJson(run.warnings),
      regrades: toJson(run.regrades),
      passThreshold: run.passThreshold,
      summary: toJson(null),
    },
  });
  if (options.baseline) await setBaseline(db, id);
  return { id, created: true };
}

/** Marks one run as the baseline every comparison defaults to; at most one baseline at a time. */
export async function setBaseline(db: Db, runId: string, baseline = true): Promise<void> {
  await db.$transaction([
    ...(baseline ? [db.run.updateMany({ where: { baseline: true, NOT: { id: runId } }, data: { baseline: false } })] : []),
    db.run.update({ where: { id: runId }, data: { baseline } }),
  ]);
}
