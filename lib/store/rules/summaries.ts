import { taskRowId } from "@/lib/db/ids";
import type { Report } from "@/lib/scoring/report/report-types";
import { runSummaryOf } from "../records";
import { columnNames, RUN_ENCODING, TASK } from "../rows";
import type { StoredEncoding } from "../run-encoding";
import { first, insert, run, updateEach, type Rule } from "../sql/rule";
import { json, raw, sql } from "../sql/sql";

/*
 * The rules of what is stored beside a run's rows, for both databases: the summaries of its as-recorded report
 * (the runs table and the task pages read them without rescanning checks) and its encoding (run-encoding.ts).
 */

/** The run's summary and each task's; nothing for an unknown run. */
export function* updateSummaries(runId: string, report: Report): Rule<void> {
  const updated = yield* run(sql`UPDATE "Run" SET "summary" = ${json(runSummaryOf(report))} WHERE "id" = ${runId}`);
  if (updated === 0) return;
  yield* updateEach(
    TASK,
    "id",
    "summary",
    report.tasks.map((task) => [taskRowId(runId, task.key), task] as const),
  );
}

/** The run's encoding as written, its bytes left empty unless `bytes`; null when there is none. */
export function* readRunEncoding(runId: string, { bytes }: { bytes: boolean }): Rule<StoredEncoding | null> {
  const row = yield* first<StoredEncoding & { bytes: Uint8Array | null }>(
    sql`SELECT "ingestedAt", "rollouts", "name", "layout", ${raw(bytes ? `"bytes"` : `NULL AS "bytes"`)},
        "screenLayout", "firstScreen"
      FROM "RunEncoding" WHERE "runId" = ${runId}`,
    RUN_ENCODING.columns,
  );
  return row ? { ...row, bytes: row.bytes ?? new Uint8Array() } : null;
}

/**
 * In place of the one before, as one upsert: two writers at once (two ingests of one run, the run caches of two
 * instances) each write whole and the last stays. Fails for an unknown run (its key references the run).
 */
export function* writeRunEncoding(runId: string, encoding: StoredEncoding): Rule<void> {
  const update = columnNames(RUN_ENCODING).filter((c) => c !== "runId");
  yield* insert(RUN_ENCODING, [{ runId, ...encoding }], { on: ["runId"], update });
}
