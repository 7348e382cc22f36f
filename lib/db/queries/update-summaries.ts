import type { Db } from "../client";
import { taskRowId } from "../ids";
import { toJson } from "../json";
import type { Report } from "@/lib/scoring/report-types";

/** What the runs table shows, stored on the run so listing runs never rescans checks (SPEC §2). */
export interface RunSummary {
  tasks: number;
  rollouts: number;
  scored: number;
  unscored: number;
  passRate: number | null;
  meanReward: number | null;
  headline: { metric: string; scheme: string; value: number | null };
  warnings: number;
}

export function runSummaryOf(report: Report): RunSummary {
  return {
    ...report.counts,
    passRate: report.passRate.value,
    meanReward: report.meanReward.value,
    headline: { metric: report.headline.metric, scheme: report.headline.scheme, value: report.headline.value },
    warnings: report.warnings.length + report.rollouts.reduce((n, r) => n + r.warnings.length, 0),
  };
}

/** Stores the as-recorded report's run and task figures (computed once per ingest). */
export async function updateSummaries(db: Db, runId: string, report: Report): Promise<void> {
  await db.$transaction([
    db.run.update({ where: { id: runId }, data: { summary: toJson(runSummaryOf(report)) } }),
    ...report.tasks.map((t) =>
      db.task.update({ where: { id: taskRowId(runId, t.key) }, data: { summary: toJson(t) } }),
    ),
  ]);
}
