import { SharedChecks, type Store } from "@/lib/store/store";
import type { CheckDetail, RolloutDetail } from "@/lib/store/records";
import { checkHeadOf, rolloutHeadOf } from "@/lib/store/to-records";
import { noTrace } from "@/lib/traces";
import { CAPPED_TRACE, type BundleData, type BundleTrace, type DetailChunk } from "./bundle-data";
import { ChunkPacker } from "./bundle-pack";
import { checkRefsOf, readStoredTrace, traceEvidence } from "./rollout-trace";
import { toRunPageMeta } from "./run-page-meta";
import { runPageData, storedRunPageData, type RunPageData } from "./run-payload";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { readStoredStateDiff } from "./state-diff";
import { readTrialTexts } from "./trial-texts";
import { runEncoding, runSnapshot } from "./run-caches";

/** A bundle's pages hold every text whole: there is no server to fetch the rest from. */
const WHOLE = { key: Infinity, label: Infinity, text: Infinity };

/** Every rollout is read once: its trace would only crowd out the traces the app's pages keep. */
const NO_CACHE = { cache: false };

/** Tasks per store read (about 500 rollouts): what the export holds besides the chunk it packs. */
const TASKS_PER_GROUP = 100;

/** Rollouts per details chunk by default: ten files for a run of 100,000 rollouts. */
export const ROLLOUTS_PER_CHUNK = 10_000;

/**
 * The read model of a run's static bundle. Its parts are serialisable; the details come as a stream of chunks
 * (read task by task from the store), so that a caller writing them holds one chunk at a time.
 */
export interface BundleView {
  runId: string;
  name: string;
  /** The run's columns (the stored encoding's bytes), which every figure of every page is scored from. */
  runBytes: Uint8Array;
  /** data.js but what only the whole bundle knows (chunks, traces kept, what the cap left out). */
  data: Pick<BundleData, "first" | "metaJson" | "site">;
  /**
   * The tasks in the columns' order, in chunks of about `rolloutsPerChunk` rollouts, each with the index of its
   * first task. `onTrace` gets each trace as it is read (it is not kept in the chunk).
   */
  details(onTrace: (rolloutId: string, trace: BundleTrace) => void | Promise<void>): AsyncGenerator<{
    start: number;
    chunk: DetailChunk;
  }>;
  /** The traces of the rollouts `keep` names, read again in the same order. */
  traces(keep: (rolloutId: string) => boolean): AsyncGenerator<[string, BundleTrace]>;
}

export async function bundleView(
  store: Store,
  runId: string,
  options: { rolloutsPerChunk?: number } = {},
): Promise<BundleView | null> {
  const [meta, stored] = await Promise.all([store.getRun(runId), runEncoding(store, runId, { bytes: true })]);
  if (!meta) return null;
  const perChunk = options.rolloutsPerChunk ?? ROLLOUTS_PER_CHUNK;
  // A copy is a still picture: it never polls for rollouts landing, whether or not the run is being watched.
  const pageMeta = { ...toRunPageMeta(meta), live: false };
  const inline = { base64: "" };
  let snapshot: RunSnapshot;
  let page: Pick<RunPageData, "first" | "metaJson">;
  if (stored?.firstScreen) {
    // The stored first screen and columns: the run's report (hundreds of MB at 100,000 rollouts) is never made.
    snapshot = RunSnapshot.fromBytes(stored.bytes);
    page = storedRunPageData(stored.firstScreen, pageMeta, { source: inline, defaultTasksView: true });
  } else {
    const read = await runSnapshot(store, runId);
    if (!read) return null;
    snapshot = read;
    page = runPageData(snapshot, pageMeta, { source: inline, defaultTasksView: true });
  }
  const { strings, taskKey } = snapshot.columns;
  const keys = Array.from(taskKey, (at) => strings[at]!);

  /**
   * The tasks in the columns' order, read TASKS_PER_GROUP at a time; equal checks are one object while `shared`
   * returns the same table.
   */
  async function* tasks(shared: () => SharedChecks = () => new SharedChecks()) {
    for (let at = 0; at < keys.length; at += TASKS_PER_GROUP) {
      const group = keys.slice(at, at + TASKS_PER_GROUP);
      for (const found of await store.getTasks(runId, group, { sharedChecks: shared() })) yield found;
    }
  }

  async function rolloutOf(detail: RolloutDetail, onTrace: Parameters<BundleView["details"]>[0]) {
    const [trace, trialTexts, stateDiff] = await Promise.all([
      readStoredTrace(store, detail, NO_CACHE),
      readTrialTexts(store, detail),
      readStoredStateDiff(store, detail),
    ]);
    const refs = checkRefsOf(detail);
    const hasTrace = trace.kind !== "none";
    if (hasTrace) await onTrace(detail.id, { trace, evidence: traceEvidence(refs, detail.agentOutput, trace) });
    const without = hasTrace ? noTrace(CAPPED_TRACE) : trace;
    return {
      head: rolloutHeadOf(detail, Infinity),
      trialTexts,
      stateDiff,
      trace: hasTrace ? null : trace,
      evidence: traceEvidence(refs, detail.agentOutput, without),
    };
  }

  return {
    runId,
    name: meta.name,
    runBytes: snapshot.binary,
    data: { first: page.first, metaJson: page.metaJson, site: { runId } },
    async *details(onTrace) {
      let start = 0;
      let packer = new ChunkPacker();
      // Equal checks of a chunk's tasks are one object (packed by identity, made a head once): the table of
      // them lives as long as the chunk, which bounds it.
      let shared = new SharedChecks();
      let rollouts = 0;
      let index = 0;
      const headOf = (check: CheckDetail) => checkHeadOf(check, WHOLE);
      for await (const found of tasks(() => shared)) {
        if (found) {
          const rows: number[][] = [];
          for (const detail of found.rollouts) {
            const read = await rolloutOf(detail, onTrace);
            rows.push(packer.rollout(read, detail.checks, headOf));
          }
          packer.chunk.tasks.push({ task: found.task, rollouts: rows });
          rollouts += rows.length;
        } else packer.chunk.tasks.push(null);
        index++;
        if (rollouts >= perChunk && index < keys.length) {
          yield { start, chunk: packer.chunk };
          start = index;
          packer = new ChunkPacker();
          shared = new SharedChecks();
          rollouts = 0;
        }
      }
      yield { start, chunk: packer.chunk satisfies DetailChunk };
    },
    async *traces(keep) {
      for await (const found of tasks()) {
        for (const detail of found?.rollouts ?? []) {
          if (!keep(detail.id)) continue;
          const trace = await readStoredTrace(store, detail, NO_CACHE);
          yield [detail.id, { trace, evidence: traceEvidence(checkRefsOf(detail), detail.agentOutput, trace) }];
        }
      }
    },
  };
}
