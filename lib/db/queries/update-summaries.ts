import type { Db } from "../client";
import { providerOf } from "../client";
import { taskRowId } from "../ids";
import { toJson } from "../json";
import { prepared, sqliteConnection, writeTransaction } from "../sqlite-direct";
import type { Report } from "@/lib/scoring/report/report-types";

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

/** Tasks per UPDATE statement (two parameters each, plus the ids again): well under every parameter limit. */
const TASKS_PER_STATEMENT = 500;

/**
 * Stores the as-recorded report's run and task figures (computed once per ingest). The task summaries go in a
 * few `UPDATE … SET summary = CASE id WHEN … END` statements rather than one Prisma update per task: a run of
 * 2,000 tasks took seconds in Prisma's query compiler. Values are bound parameters, never spliced into SQL.
 * On SQLite: one prepared UPDATE per task on the direct connection, in one transaction.
 */
export async function updateSummaries(db: Db, runId: string, report: Report): Promise<void> {
  const connection = await sqliteConnection(db);
  if (connection) {
    await writeTransaction(connection, () => {
      prepared(connection, `UPDATE "Run" SET "summary" = ? WHERE "id" = ?`).run(
        JSON.stringify(runSummaryOf(report)),
        runId,
      );
      const task = prepared(connection, `UPDATE "Task" SET "summary" = ? WHERE "id" = ?`);
      for (const t of report.tasks) task.run(JSON.stringify(t), taskRowId(runId, t.key));
    });
    return;
  }
  const postgres = providerOf(db) === "postgres";
  const statements = [];
  for (let start = 0; start < report.tasks.length; start += TASKS_PER_STATEMENT) {
    const chunk = report.tasks.slice(start, start + TASKS_PER_STATEMENT);
    const params: unknown[] = [];
    const p = () => (postgres ? `$${params.length}` : "?");
    const cases = chunk.map((t) => {
      params.push(taskRowId(runId, t.key));
      const id = p();
      params.push(JSON.stringify(t));
      return `WHEN ${id} THEN ${p()}${postgres ? "::jsonb" : ""}`;
    });
    const ids = chunk.map((t) => {
      params.push(taskRowId(runId, t.key));
      return p();
    });
    statements.push(
      db.$executeRawUnsafe(
        `UPDATE "Task" SET "summary" = CASE "id" ${cases.join(" ")} END WHERE "id" IN (${ids.join(", ")})`,
        ...params,
      ),
    );
  }
  await db.$transaction([
    db.run.update({ where: { id: runId }, data: { summary: toJson(runSummaryOf(report)) } }),
    ...statements,
  ]);
}
