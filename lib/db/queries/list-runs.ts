import type { Db } from "../client";
import { fromJson } from "../json";
import type { RunSummary } from "./update-summaries";

export interface RunListItem {
  id: string;
  name: string;
  agent: string | null;
  model: string | null;
  format: string;
  createdAt: string | null;
  ingestedAt: string;
  baseline: boolean;
  summary: RunSummary | null;
  /** Headline difference to the baseline run (same metric and scheme), set by the runs page. */
  deltaToBaseline?: number | null;
}

/** Every run, newest first, with the summary stored at ingest (no check is read). */
export async function listRuns(db: Db): Promise<RunListItem[]> {
  const runs = await db.run.findMany({
    orderBy: [{ ingestedAt: "desc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      agent: true,
      model: true,
      format: true,
      createdAt: true,
      ingestedAt: true,
      baseline: true,
      summary: true,
    },
  });
  return runs.map((r) => ({
    ...r,
    createdAt: r.createdAt?.toISOString() ?? null,
    ingestedAt: r.ingestedAt.toISOString(),
    summary: fromJson<RunSummary | null>(r.summary, null),
  }));
}
