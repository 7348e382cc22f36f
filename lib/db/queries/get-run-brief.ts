import type { Db } from "../client";

export interface RunBrief {
  id: string;
  name: string;
  baseline: boolean;
}

/** A run's id, name and baseline flag, or null when there is no such run (nothing else is read). */
export async function getRunBrief(db: Db, runId: string): Promise<RunBrief | null> {
  return db.run.findUnique({ where: { id: runId }, select: { id: true, name: true, baseline: true } });
}
