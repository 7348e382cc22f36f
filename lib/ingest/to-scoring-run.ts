import type { InputFile, NormalizedRollout, NormalizedRun } from "@/lib/formats/types";
import { indexSummary } from "@/lib/formats/trace-index";
import { ingestTraceIndex, ingestTraceRead } from "./trace-index-at-ingest";
import type { RolloutFailure, ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";
import { rolloutFailureOf } from "@/lib/scoring/core/rollout-failure";
import { measuresOf } from "@/lib/scoring/core/measures";
import { unscoredReasonOf } from "@/lib/scoring/core/unscored-reason";
import { rolloutMeasures } from "@/lib/formats/measures";
import { summariseTrace, type TraceSummary } from "@/lib/traces";

/** The rollout's recorded failure as scoring keeps it (absent when nothing was recorded). */
function failureField(r: NormalizedRollout, trace: TraceSummary | null): { failure?: RolloutFailure } {
  const failure = rolloutFailureOf({
    errorType: r.errorCategory,
    message: r.error,
    lastTool: trace?.status === "read" ? (trace.lastTool ?? null) : null,
  });
  return failure === undefined ? {} : { failure };
}

/** The scoring view of one parsed rollout, its measures completed by its trace's totals when read. */
export function toScoringRollout(r: NormalizedRollout, trace: TraceSummary | null = null): ScoringRollout {
  const measures = measuresOf(rolloutMeasures(r, trace));
  const unscoredReason = unscoredReasonOf({
    status: r.status,
    errorCategory: r.errorCategory,
    error: r.error,
    warnings: r.warnings,
    anyGraded: r.checks.some((c) => c.status === "graded"),
  });
  return {
    id: r.id,
    task: r.task,
    status: r.status,
    rule: r.rule,
    reportedPassed: r.reportedPassed,
    reportedReward: r.reportedReward,
    penalties: r.penalties,
    gate: r.gate,
    source: r.source.path,
    warnings: r.warnings,
    ...(Object.keys(measures).length > 0 ? { measures } : {}),
    ...(unscoredReason !== null ? { unscoredReason } : {}),
    ...failureField(r, trace),
    checks: r.checks.map(({ key, label, passed, score, required, dimension, status, weight, failureTag }) => ({
      key,
      label,
      passed,
      score,
      required,
      dimension,
      status,
      weight,
      failureTag,
    })),
  };
}

/**
 * The scoring view of a freshly parsed run: what `tally score` computes from without a database. `rollouts`:
 * their views when already made (ingest converts rollouts batch by batch).
 */
export function toScoringRun(
  run: NormalizedRun,
  rollouts: ScoringRollout[] = run.rollouts.map((r) => toScoringRollout(r)),
): ScoringRun {
  return {
    name: run.name,
    format: run.format,
    passThreshold: run.passThreshold,
    warnings: run.warnings,
    regrades: run.regrades,
    tasks: run.tasks.map(({ key, taskId, name, group, weight }) => ({ key, taskId, name, group, weight })),
    rollouts,
  };
}

/** The indexes 0..n-1 in the order of the UTF-8 bytes of `key(i)`, which is how SQLite's default collation sorts text. */
export function utf8Order(n: number, key: (i: number) => string): Int32Array {
  const bytes = Array.from({ length: n }, (_, i) => Buffer.from(key(i)));
  return Int32Array.from(Array.from({ length: n }, (_, i) => i).sort((a, b) => Buffer.compare(bytes[a]!, bytes[b]!)));
}

/** Sorted by the UTF-8 bytes of `key` (utf8Order). */
function sortedByUtf8<T>(items: readonly T[], key: (item: T) => string): T[] {
  return Array.from(
    utf8Order(items.length, (i) => key(items[i]!)),
    (i) => items[i]!,
  );
}

/** What a parsed run is besides its rollouts, its tasks in the order a store reads them back (asStored). */
export function storedHeader(run: NormalizedRun): Omit<ScoringRun, "rollouts"> {
  const { rollouts: _, ...header } = toScoringRun(run, []);
  return { ...header, tasks: sortedByUtf8(header.tasks, (t) => t.key) };
}

/**
 * The run in the order a store reads a stored run back (tasks by key, rollouts by
 * id), so a report of it equals the report of the stored run, down to the order of floating-point sums.
 */
export function asStored(run: ScoringRun): ScoringRun {
  return {
    ...run,
    tasks: sortedByUtf8(run.tasks, (t) => t.key),
    rollouts: sortedByUtf8(run.rollouts, (r) => r.id),
  };
}

/** The files a rollout was read from, as bytes (those still held). */
export function filesOf(rollout: NormalizedRollout, files: ReadonlyMap<string, InputFile>): InputFile[] {
  return rollout.files.flatMap((p) => files.get(p) ?? []);
}

/** What ingest stores of a rollout's trace, read from its files. */
export function traceSummaryOf(rollout: NormalizedRollout, files: ReadonlyMap<string, InputFile>) {
  // A big trace is summed from its index, never parsed whole.
  const indexed = ingestTraceIndex(rollout, files);
  if (indexed) return indexSummary(indexed.index);
  return summariseTrace(ingestTraceRead(rollout, files, filesOf(rollout, files)));
}

/** The scoring view of a parsed run with its rollouts' measures completed from their traces, as ingest stores them. */
export function toScoringRunWithTraces(run: NormalizedRun, files: readonly InputFile[]): ScoringRun {
  const byPath = new Map(files.map((f) => [f.path, f]));
  return toScoringRun(
    run,
    run.rollouts.map((r) => toScoringRollout(r, traceSummaryOf(r, byPath))),
  );
}
