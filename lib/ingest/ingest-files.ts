import { createHash } from "node:crypto";
import { baseName } from "@/lib/formats/paths";
import type { SharedRollouts } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type {
  FileRejection,
  FormatId,
  InputFile,
  NormalizedRollout,
  NormalizedRun,
  ParseOptions,
} from "@/lib/formats/types";
import { rolloutVerdict } from "@/lib/scoring/core/rollout";
import { ColumnsBuilder } from "@/lib/scoring/columns/columns-builder";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { isRunColumns, rolloutCount, type RunColumns } from "@/lib/scoring/columns/run-columns";
import { reportOf } from "@/lib/scoring/report/columnar/report-of";
import type { TraceSummary } from "@/lib/traces";
import { parseBatch } from "./parse-batch";
import { indexStoredTraces } from "./index-traces";
import { storeTraceIndexes } from "./trace-index-at-ingest";
import { storedHeader, toScoringRollout, traceSummaryOf, utf8Order } from "./to-scoring-run";
import { expandArchives, type ExpansionBudget } from "../archive/unzip";
import { encodingOf, recordedFirstScreen, runBytes } from "@/lib/store/run-encoding";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { isDiskFile } from "./disk-file";
import { KEY_SCAN } from "./duplicate-keys";
import { NUL_NEEDLES } from "./strip-nul";
import { DETECT_NEEDLES } from "@/lib/formats/registry";
import { fileHead, forgetSniffs, sniffFiles } from "@/lib/formats/sniff";
import { rereadRollouts } from "./reread-rollouts";
import type { Rereader } from "./reread-pool";

type Reread = { rollouts: NormalizedRollout[]; rejected: FileRejection[] };
import { archiveBudget, checkUploadBounds, expandedTooLarge } from "./limits";
import { sharedRolloutsOf } from "@/lib/views/run-caches";

/**
 * Rollouts per transaction: large enough to amortise commits, small enough to keep memory flat and, in the
 * server (where a SQLite transaction runs synchronously on the event loop), to keep other requests waiting
 * no more than about a tenth of a second. The CLI, alone in its process, asks for bigger ones.
 */
const BATCH = 250;

export interface IngestOptions extends ParseOptions {
  format?: FormatId;
  baseline?: boolean;
  /** Tags added to every run the batch stores into (valid per lib/run-tags.ts). */
  tags?: readonly string[];
  /** The series every run the batch stores into belongs to (lib/run-series.ts); absent keeps a run's series. */
  series?: string;
  /**
   * The caller makes no other use of `files`: ingest empties the array and lets go of each file once every
   * rollout read from it is stored, so a large batch does not hold all its bytes to the end (the CLI). With
   * files read lazily (readPaths' `lazy`), only the bytes of the rollouts being stored are held.
   */
  consumeFiles?: boolean;
  /** Rollouts per transaction (default 250). */
  batchSize?: number;
  /**
   * Batches of more files than this are parsed light first (lib/formats/light.ts: the runs, their keys and the
   * rejections, exactly) and each transaction's rollouts are read whole again as they are stored, so memory
   * holds one transaction's rollouts rather than the run's (formats that read a rollout per file). The CLI
   * sets it; a batch held in memory (an upload) gains nothing from it.
   */
  parseLightAbove?: number;
  /**
   * Reads groups of a light-parsed batch again on another thread while the main thread stores (the CLI's
   * workerRereader); without it, each group is read again on this thread when its turn comes.
   */
  rereader?: Rereader;
  /**
   * Keep refused files' bytes with their reasons (default true). `tally watch` turns it off: a file still being
   * written is retried, and the watcher stores a refusal itself once the file has stopped changing.
   */
  storeRefused?: boolean;
  /** Called after each batch of rollouts is stored (done of total), for progress on a terminal; awaited. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** What the batch's archives may expand to (default: a budget of the limits in the environment). */
  archives?: ExpansionBudget;
  /**
   * An upload's limits: the whole batch is refused (IngestLimitError, before anything is expanded or written)
   * when its archives together pass the expansion limit or it would store more than `maxStoredBytes`. Without
   * it (the CLI), an archive past what the batch has left is a rejection and the rest is stored.
   */
  upload?: { maxStoredBytes: number };
}

export interface IngestResult {
  /** `shared`: the other runs holding some of the run's rollouts (`SharedRollouts`), most shared first. */
  runs: { id: string; name: string; rollouts: number; created: boolean; shared: SharedRollouts[] }[];
  accepted: string[];
  rejected: FileRejection[];
  duplicates: string[];
  skipped: string[];
  /** Files holding a rollout already stored in the run from other bytes (each also in `rejected`, with why). */
  conflicted: string[];
  /** About files stored anyway, one line each: keys given twice (also on the rollout read from the file). */
  warnings: string[];
}

/**
 * The run an ingest was storing into was deleted meanwhile (`tally runs delete`, DELETE /api/runs/:id): the
 * ingest ends here. Each transaction stores rollouts whole or not at all and the delete took the ones stored
 * before it, so nothing of the run is left half-written; refused files are not stored either.
 */
export class RunDeletedError extends Error {
  constructor(readonly run: { id: string; name: string }) {
    super(
      `Run “${run.name}” (${run.id}) was deleted while this ingest was storing it: nothing of it is left ` +
        `and nothing more was stored. Ingest again to store it anew.`,
    );
  }
}

/**
 * The key that makes ingest idempotent: the same batch (same rollouts from the same bytes) maps to the same
 * run, so ingesting it again stores nothing new and a killed ingest, run again, completes its run.
 * A user-given run name is the key instead, so later batches can add to a named run.
 * Neither depends on the folders above the files: the same files ingested from a folder inside the first
 * batch (paths, and ids that formats take from paths, lose leading folders) map to the same run.
 */
export function runKeyOf(run: NormalizedRun, options: ParseOptions, several = false): string {
  // Several runs from one named batch (two Inspect logs, a Harbor job with several evals) stay apart.
  if (options.runName)
    return several
      ? `name:${run.name}|${run.format}|${baseName(run.rollouts[0]?.source.path.split("#")[0] ?? "")}`
      : `name:${run.name}`;
  const parts = run.rollouts.map((r) => `${baseName(r.id)}\u0000${r.source.sha256}`).sort();
  const hash = createHash("sha256");
  hash.update(run.format);
  for (const part of parts) hash.update(`\n${part}`);
  return `auto:${run.format}:${hash.digest("hex")}`;
}

/**
 * Forgets a file (its bytes) once every rollout read from it is stored; files that are refused, or that
 * belong to a refused rollout, are kept: their bytes are stored with the reason at the end.
 */
function releaser(byPath: Map<string, InputFile>, runs: readonly NormalizedRun[], rejected: readonly FileRejection[]) {
  const kept = new Set(rejected.map((r) => r.path));
  const pending = new Map<string, number>();
  for (const run of runs)
    for (const r of run.rollouts) for (const p of r.files) pending.set(p, (pending.get(p) ?? 0) + 1);
  return (rollout: NormalizedRollout) => {
    for (const p of rollout.files) {
      const left = (pending.get(p) ?? 1) - 1;
      pending.set(p, left);
      if (left === 0 && !kept.has(p)) byPath.delete(p);
    }
  };
}

/** Parses a batch, stores each rollout atomically, keeps refused files with their reason, updates summaries. */
export async function ingestFiles(
  store: Store,
  files: InputFile[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  return store.bulkWrites(() => ingest(store, files, options));
}

async function ingest(store: Store, files: InputFile[], options: IngestOptions): Promise<IngestResult> {
  const budget = options.archives ?? archiveBudget();
  if (options.upload) checkUploadBounds(files, budget.limits, options.upload.maxStoredBytes);
  // Files read from disk are read once for what every detector, the archive sniffing and the warnings ask of
  // their bytes, instead of once by each (a batch past its read budget reads a file on each use).
  const sniffed = files.some(isDiskFile);
  if (sniffed) sniffFiles(files, [...DETECT_NEEDLES, ...NUL_NEEDLES], KEY_SCAN);
  const expanded = expandArchives(files, budget, sniffed ? fileHead : undefined);
  const light = options.parseLightAbove !== undefined && expanded.files.length > options.parseLightAbove;
  const parsed = parseBatch(expanded.files, { ...options, light, archives: budget });
  if (sniffed) forgetSniffs(files);
  // A .eval inside a zip is expanded while parsing: an upload is still refused whole, before any write.
  if (options.upload && budget.overflow) throw expandedTooLarge(budget.limits, null);
  const byPath = new Map([...files, ...expanded.files].map((f) => [f.path, f]));
  const rejected: FileRejection[] = [...expanded.rejected, ...parsed.rejected, ...parsed.unclaimed];
  const release = options.consumeFiles ? releaser(byPath, parsed.runs, rejected) : () => {};
  if (options.consumeFiles) {
    files.length = 0;
    expanded.files.length = 0;
  }
  const accepted = new Set<string>();
  const duplicates = new Set<string>();
  const conflicted = new Set<string>();
  const result: IngestResult = {
    runs: [],
    accepted: [],
    rejected,
    duplicates: [],
    skipped: parsed.skipped,
    conflicted: [],
    warnings: parsed.warnings,
  };

  const total = parsed.runs.reduce((n, r) => n + r.rollouts.length, 0);
  let done = 0;
  for (const run of parsed.runs) {
    if (run.rollouts.length === 0) continue;
    const { id, created } = await store.upsertRun(runKeyOf(run, options, parsed.runs.length > 1), run, {
      baseline: options.baseline,
      tags: options.tags,
      series: options.series ?? null,
    });
    try {
      const tasks = new Map(run.tasks.map((t) => [t.key, t]));
      let everyRolloutStored = true;
      // Rollouts leave the parsed run as they are stored, so memory holds the batch and the run's columns
      // (a few bytes a check), not every parsed rollout or its scoring view until the end.
      const queue = run.rollouts.splice(0);
      const columns = new ColumnsBuilder();
      const size = options.batchSize ?? BATCH;
      // With a rereader, the next group is read and parsed on its thread while this one is stored.
      const start = (group: NormalizedRollout[]): (() => Promise<Reread>) => {
        if (!run.light || group.length === 0) return async () => ({ rollouts: group, rejected: [] });
        const rereader = options.rereader;
        if (!rereader) return async () => rereadRollouts(group, run, byPath, options);
        const reading = rereader.reread(group, run.format, byPath, options);
        reading.catch(() => {}); // awaited below, unless the ingest ends first
        return () => reading;
      };
      let group = queue.splice(0, size);
      let ahead = start(group);
      while (group.length > 0) {
        const read = await ahead();
        const groupSize = group.length;
        group = queue.splice(0, size);
        ahead = start(group);
        // A rollout's stored passed/reward depend only on its own data (and the run's threshold).
        const traces = new Map<NormalizedRollout, TraceSummary | null>();
        for (const refused of read.rejected) {
          rejected.push(refused);
          everyRolloutStored = false;
        }
        const batch = read.rollouts.map((rollout) => {
          const task = tasks.get(rollout.task);
          if (!task) throw new Error(`format ${run.format} produced rollout ${rollout.id} without its task`);
          return {
            task,
            rollout,
            verdict: rolloutVerdict(toScoringRollout(rollout, null), { passThreshold: run.passThreshold }),
            trace: () => {
              const summary = traceSummaryOf(rollout, byPath);
              traces.set(rollout, summary);
              return summary;
            },
          };
        });
        // Files read lazily are read once here for the whole batch: raw bytes, traces and hashes agree.
        for (const { rollout } of batch)
          for (const p of rollout.files) {
            const file = byPath.get(p);
            if (file && isDiskFile(file)) file.hold();
          }
        const outcomes = await store.storeRollouts(id, batch, byPath);
        const indexed = await storeTraceIndexes(
          store,
          batch.flatMap(({ rollout }, n) => (outcomes[n] === "stored" ? [rollout] : [])),
          byPath,
        );
        await indexStoredTraces(store, id, batch, outcomes, byPath, indexed);
        batch.forEach(({ rollout }, n) => {
          const outcome = outcomes[n]!;
          columns.add(toScoringRollout(rollout, traces.get(rollout) ?? null));
          if (outcome === "stored") rollout.files.forEach((p) => accepted.add(p));
          else if (outcome === "duplicate") duplicates.add(rollout.files[0] ?? rollout.source.path);
          else {
            rejected.push({ path: rollout.source.path, error: outcome.conflict });
            conflicted.add(rollout.source.path);
          }
          if (outcome !== "stored") everyRolloutStored = false;
          if (outcome === "stored" || outcome === "duplicate") release(rollout);
        });
        done += groupSize;
        await options.onProgress?.(done, total);
      }
      // A new run stored whole is exactly the parsed run: score its columns, in the order the store reads a
      // run back, instead of reading it back.
      // Read back otherwise, and scored from its columns all the same.
      const read: RunColumns | ScoringRun | null =
        created && everyRolloutStored
          ? columns.finish(
              storedHeader(run),
              utf8Order(columns.length, (i) => columns.id(i)),
            )
          : await store.loadScoringRun(id);
      const stored = read === null || isRunColumns(read) ? read : columnsOf(read);
      const version = stored && (await store.runVersion(id));
      // Read back nothing: the run may be gone (deleted by another process since the last batch).
      if (!stored || !version) await throwIfDeleted(store, { id, name: run.name });
      if (stored && version) {
        // Encoded before the run is scored: the report's rows (100,000 rollouts: about 60 MB) are then garbage
        // that the encoding's work does not add to (the ingest's peak was its last step: 303 -> 336 MB).
        const bytes = runBytes(stored);
        const screen = await storeSummaries(store, id, stored);
        // What pages and run.bin show without reading the rows again.
        await store.writeRunEncoding(id, encodingOf(stored, screen, version.ingestedAt, bytes));
      }
      result.runs.push({
        id,
        name: run.name,
        rollouts: stored === null ? 0 : rolloutCount(stored),
        created,
        shared: await sharedRolloutsOf(store, id),
      });
    } catch (error) {
      if (!(error instanceof RunDeletedError)) await throwIfDeleted(store, { id, name: run.name });
      throw error;
    }
  }
  if (options.storeRefused !== false)
    await store.storeRejectedFiles(
      rejected.flatMap((r) => {
        const file = byPath.get(r.path);
        return file ? [{ file, error: r.error }] : [];
      }),
    );
  // A file counts as accepted when any rollout of it was newly stored; a sidecar shared with a duplicate stays accepted.
  for (const p of accepted) duplicates.delete(p);
  result.accepted = [...accepted].sort();
  result.duplicates = [...duplicates].sort();
  result.conflicted = [...conflicted].sort();
  return result;
}

/** Ends the ingest with RunDeletedError when the run it stores into no longer exists. */
async function throwIfDeleted(store: Store, run: { id: string; name: string }): Promise<void> {
  if ((await store.getRun(run.id).catch(() => undefined)) === null) throw new RunDeletedError(run);
}

/** Computes a run's as-recorded report, stores its summaries, and gives its first screen (which is small). */
async function storeSummaries(store: Store, runId: string, run: RunColumns) {
  const report = reportOf(run);
  await store.updateSummaries(runId, report);
  return recordedFirstScreen(run, report);
}
