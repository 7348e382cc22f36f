import type { InputFile } from "@/lib/formats/types";
import { movedCandidates, sourcesBySha, unmatchedSources } from "../moved-sources";
import { batchRowIds, planBatch, type ExistingRollout } from "../plan-batch";
import { CHECK, ROLLOUT, RUN_FILE, TASK } from "../rows";
import { putRawFiles } from "./files";
import type { RolloutToStore, StoreOutcome } from "../store";
import { insert, lock, select, type Rule } from "../sql/rule";
import { inList, sql } from "../sql/sql";

/*
 * A batch of rollouts, for both databases: ONE write transaction holding the run's lock from the lookup to
 * the commit, so a concurrent ingest of the same run (another process, another instance) waits, then finds
 * these rollouts stored. Which rollouts are stored, duplicates or conflicts, and the rows written, are
 * plan-batch.ts's; this looks up what it needs and writes the rows, raw files, run files and tasks skipped
 * when already stored.
 */
export function* storeRollouts(
  runId: string,
  items: readonly RolloutToStore[],
  files: ReadonlyMap<string, InputFile>,
  partBytes: number,
): Rule<StoreOutcome[]> {
  if (items.length === 0) return [];
  const ids = batchRowIds(runId, items);
  yield* lock(runId);
  const found = yield* select<ExistingRollout & { id: string }>(
    sql`SELECT "id", "sourceSha256", "sourcePath" FROM "Rollout" WHERE ${inList(sql`"id"`, ids, "text")}`,
  );
  const existing = new Map<string, ExistingRollout>(
    found.map(({ id, sourceSha256, sourcePath }) => [id, { sourceSha256, sourcePath }]),
  );
  const moved = yield* movedSources(runId, items, ids, existing);
  const { outcomes, rows } = planBatch(runId, items, ids, existing, files, moved);
  yield* putRawFiles(rows.rawFiles, partBytes);
  yield* insert(RUN_FILE, rows.runFiles, "ignore");
  yield* insert(TASK, rows.tasks, "ignore");
  yield* insert(ROLLOUT, rows.rollouts);
  yield* insert(CHECK, rows.checks);
  return outcomes;
}

/** Source paths of the run's rollouts read from bytes the batch has at a moved path (moved-sources.ts). */
function* movedSources(
  runId: string,
  items: readonly RolloutToStore[],
  ids: readonly string[],
  existing: ReadonlyMap<string, ExistingRollout>,
): Rule<Map<string, string[]>> {
  const unmatched = unmatchedSources(items, ids, existing);
  if (unmatched.length === 0) return new Map();
  const runFiles = yield* select<{ path: string; sha256: string }>(
    sql`SELECT "path", "sha256" FROM "RunFile" WHERE "runId" = ${runId} AND ${inList(sql`"sha256"`, unmatched, "text")}`,
  );
  const candidates = movedCandidates(items, unmatched, runFiles);
  if (candidates.length === 0) return new Map();
  const stored = yield* select<ExistingRollout>(
    sql`SELECT "sourceSha256", "sourcePath" FROM "Rollout"
      WHERE "runId" = ${runId} AND ${inList(sql`"sourceSha256"`, candidates, "text")}`,
  );
  return sourcesBySha(stored);
}
