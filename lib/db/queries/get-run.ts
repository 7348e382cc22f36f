import type { Db } from "../client";
import { fromJson } from "../json";
import type { JsonObject, Regrade } from "@/lib/formats/types";
import type { RunListItem } from "./list-runs";
import type { RunSummary } from "./update-summaries";

export interface RunMeta extends RunListItem {
  metadata: JsonObject;
  warnings: string[];
  regrades: Regrade[];
  labels: string[];
}

export async function getRunMeta(db: Db, runId: string): Promise<RunMeta | null> {
  const run = await db.run.findUnique({ where: { id: runId } });
  if (!run) return null;
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
  };
}
