import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { loadScoringRun } from "@/lib/db/queries/load-scoring-run";
import { storeRejectedFile, storeRollouts } from "@/lib/db/queries/store-rollout";
import { upsertRun } from "@/lib/db/queries/store-run";
import { updateSummaries } from "@/lib/db/queries/update-summaries";
import type { FileRejection, FormatId, InputFile, NormalizedRun, ParseOptions } from "@/lib/formats/types";
import { computeReport } from "@/lib/scoring/report";
import { parseBatch } from "./parse-batch";
import { toScoringRun } from "./to-scoring-run";
import { expandArchives } from "./unzip";

/** Rollouts per transaction: large enough to amortise round trips, small enough to keep memory flat. */
const BATCH = 250;

export interface IngestOptions extends ParseOptions {
  format?: FormatId;
  baseline?: boolean;
  /** Called after each rollout is stored (done of total), for progress on a terminal. */
  onProgress?: (done: number, total: number) => void;
}

export interface IngestResult {
  runs: { id: string; name: string; rollouts: number; created: boolean }[];
  accepted: string[];
  rejected: FileRejection[];
  duplicates: string[];
  skipped: string[];
}

/**
 * The key that makes ingest idempotent: the same batch (same rollouts from the same bytes) maps to the same
 * run, so ingesting it again stores nothing new and a killed ingest, run again, completes its run.
 * A user-given run name is the key instead, so later batches can add to a named run.
 */
export function runKeyOf(run: NormalizedRun, options: ParseOptions, several = false): string {
  // Several runs from one named batch (two Inspect logs, a Harbor job with several evals) stay apart.
  if (options.runName) return several ? `name:${run.name}|${run.format}|${run.rollouts[0]?.source.path.split("#")[0] ?? ""}` : `name:${run.name}`;
  const hash = createHash("sha256");
  hash.update(run.format);
  for (const r of [...run.rollouts].sort((a, b) => a.id.localeCompare(b.id))) hash.update(`\n${r.id}\u0000${r.source.sha256}`);
  return `auto:${run.format}:${hash.digest("hex")}`;
}

/** Parses a batch, stores each rollout atomically, keeps refused files with their reason, updates summaries. */
export async function ingestFiles(db: Db, files: InputFile[], options: IngestOptions = {}): Promise<IngestResult> {
  const expanded = expandArchives(files);
  const parsed = parseBatch(expanded.files, options);
  const byPath = new Map([...files, ...expanded.files].map((f) => [f.path, f]));
  const rejected: FileRejection[] = [...expanded.rejected, ...parsed.rejected, ...parsed.unclaimed];
  const accepted = new Set<string>();
  const duplicates = new Set<string>();
  const result: IngestResult = { runs: [], accepted: [], rejected, duplicates: [], skipped: parsed.skipped };

  const total = parsed.runs.reduce((n, r) => n + r.rollouts.length, 0);
  let done = 0;
  for (const run of parsed.runs) {
    if (run.rollouts.length === 0) continue;
    const { id, created } = await upsertRun(db, runKeyOf(run, options, parsed.runs.length > 1), run, { baseline: options.baseline });
    // Verdicts depend only on each rollout's own data, so the file's report gives each stored passed/reward.
    const verdicts = new Map(computeReport(toScoringRun(run)).rollouts.map((r) => [r.id, r]));
    const tasks = new Map(run.tasks.map((t) => [t.key, t]));
    const items = run.rollouts.map((rollout) => {
      const task = tasks.get(rollout.task);
      const verdict = verdicts.get(rollout.id);
      if (!task || !verdict) throw new Error(`format ${run.format} produced rollout ${rollout.id} without its task`);
      return { task, rollout, verdict };
    });
    for (let start = 0; start < items.length; start += BATCH) {
      const batch = items.slice(start, start + BATCH);
      const outcomes = await storeRollouts(db, id, batch, byPath);
      batch.forEach(({ rollout }, n) => {
        const outcome = outcomes[n]!;
        if (outcome === "stored") rollout.files.forEach((p) => accepted.add(p));
        else if (outcome === "duplicate") duplicates.add(rollout.files[0] ?? rollout.source.path);
        else rejected.push({ path: rollout.source.path, error: outcome.conflict });
      });
      done += batch.length;
      options.onProgress?.(done, total);
    }
    const stored = await loadScoringRun(db, id);
    if (stored) await updateSummaries(db, id, computeReport(stored));
    result.runs.push({ id, name: run.name, rollouts: stored?.rollouts.length ?? 0, created });
  }
  for (const r of rejected) {
    const file = byPath.get(r.path);
    if (file) await storeRejectedFile(db, file, r.error);
  }
  // A file counts as accepted when any rollout of it was newly stored; a sidecar shared with a duplicate stays accepted.
  for (const p of accepted) duplicates.delete(p);
  result.accepted = [...accepted].sort();
  result.duplicates = [...duplicates].sort();
  return result;
}
