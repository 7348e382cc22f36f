import fs from "node:fs";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { readPaths } from "@/lib/ingest/read-paths";
import { toScoringRunWithTraces } from "@/lib/ingest/to-scoring-run";
import { expandArchives } from "@/lib/archive/unzip";
import { archiveBudget } from "@/lib/ingest/limits";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { RunRef } from "@/lib/api/compare-body";
import { ambiguousRunMessage, matchRunRef } from "@/lib/store/run-by-name";
import { runReviewFlips } from "@/lib/api/reviewed-scenario";
import type { ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import { UsageError } from "./args";
import { openDatabase } from "./database";

/**
 * A `tally compare` operand: a path on disk (read and parsed, no database), else a stored run by id, else by
 * its name when one run has it; null when none. A name several runs share is a usage error naming their ids.
 */
export async function loadRunRef(ref: string): Promise<{ run: ScoringRun; ref: RunRef } | null> {
  if (fs.existsSync(ref)) {
    const { files, rootName, rejected: unread, skipped } = await readPaths([ref]);
    for (const n of skipped) console.error(`warning: ${ref}: skipped ${n.path}: ${n.reason}`);
    const archives = archiveBudget();
    const expanded = expandArchives(files, archives);
    const batch = parseBatch(expanded.files, { rootName, archives });
    const problems = [...unread, ...expanded.rejected, ...batch.rejected, ...batch.unclaimed];
    for (const p of problems) console.error(`warning: ${ref}: rejected ${p.path}: ${p.error}`);
    if (batch.runs.length !== 1)
      throw new UsageError(`${ref} holds ${batch.runs.length} runs; compare needs exactly one`);
    const run = toScoringRunWithTraces(batch.runs[0]!, expanded.files);
    return { run, ref: { id: null, name: run.name } };
  }
  const store = await openDatabase();
  try {
    const match = await matchRunRef(store, ref);
    if (match.kind === "ambiguous") throw new UsageError(ambiguousRunMessage(ref, match.ids));
    if (match.kind === "unknown") return null;
    const run = await store.loadScoringRun(match.id);
    return run ? { run, ref: { id: match.id, name: run.name } } : null;
  } finally {
    await store.close();
  }
}

/** A stored run's reviews as flips (`reviews: "apply"`); null for a run read from files, or without reviews. */
export async function storedReviews(runId: string | null | undefined): Promise<ReviewFlips | null> {
  if (runId === null || runId === undefined) return null;
  const store = await openDatabase();
  try {
    return await runReviewFlips(store, runId);
  } finally {
    await store.close();
  }
}
