import type { RunFirstScreen } from "@/lib/scoring/view/first-screen";
import type { RunPageMeta } from "@/lib/views/run-page-meta";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { TraceEvidence } from "@/lib/views/rollout-trace";
import type { TrialTexts } from "@/lib/views/trial-texts";
import type { RolloutHead, TaskRecord } from "@/lib/store/records";
import type { TraceRead } from "@/lib/traces";
import type { SiteMap } from "./site-map";

/*
 * What a static bundle's files hand its viewer. A bundle is one page (index.html) whose scripts are loaded
 * with classic <script> elements: a file:// page may not fetch, but it may run a script beside it. run.js holds
 * the run's columns, data.js what the run page needs; task and rollout routes load their details/ chunk (and a
 * rollout's traces/ chunk) on demand by adding a script that calls the global CHUNK_GLOBAL.
 */

/** data.js: `window.__tallyBundle = {...}`. */
export interface BundleData {
  /** The run page's first screen, as the server would render it (as recorded, default tasks view). */
  first?: RunFirstScreen;
  metaJson?: string;
  site: SiteMap | null;
  /** details/<n>.js holds the tasks from index detailChunks[n] (the columns' task order) to the next start. */
  detailChunks?: number[];
  /** traces/index.js maps each rollout whose trace was kept to its traces/<n>.js; false when none was. */
  tracesIndex?: boolean;
  /** What the size cap left out, said on every page. */
  dropped: string | null;
}

/** A rollout of a bundle: its head, what its raw files read as (its checks are packed beside it). */
export interface BundleRollout {
  head: RolloutHead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  /** Its trace when it has none (or no reader); null when it has one: in a traces chunk, or left out by the cap. */
  trace: TraceRead | null;
  /** Its evidence resolved without the trace (what a page shows when the trace was left out). */
  evidence: TraceEvidence;
}

/** details/<n>.js: consecutive tasks with their rollouts, packed (lib/views/bundle-pack.ts). */
export interface DetailChunk {
  /** Every distinct value of the chunk's rollouts and checks, once. */
  values: unknown[];
  /** Every distinct check, as indices into `values`. */
  checkRows: number[][];
  /** The fields of a rollout row. */
  rolloutKeys: string[];
  /** Each task with its rollouts as rows of indices into `values`; null for a task the store no longer holds. */
  tasks: ({ task: TaskRecord; rollouts: number[][] } | null)[];
}

/** A rollout's trace and its evidence resolved against it. */
export interface BundleTrace {
  trace: TraceRead;
  evidence: TraceEvidence;
}

/** traces/<n>.js: rollout id → its trace. */
export type TraceChunk = Record<string, BundleTrace>;

/** traces/index.js: rollout id → the number of the traces chunk that holds its trace. */
export type TraceIndex = Record<string, number>;

/** The page a bundle's HTML is: a run (its task and rollout routes in the fragment) or a comparison. */
export type PageData = { kind: "run" } | { kind: "compare"; compareJson: string };

/** What a rollout page says where the cap left its trace out. */
export const CAPPED_TRACE = "left out of this shared copy by its size cap";

export const PAGE_DATA_ID = "tally-page";
export const ROOT_ID = "tally-root";
export const BUNDLE_GLOBAL = "__tallyBundle";
/** run.js: `window.__tallyRun = "<the run's columns as base64>"`. */
export const RUN_GLOBAL = "__tallyRun";
/** Chunks call `window.__tallyChunk("<file without .js>", data)`. */
export const CHUNK_GLOBAL = "__tallyChunk";
/** Details chunks call `window.__tallyChunkGzip("<file without .js>", "<the data's JSON, gzipped, as base64>")`. */
export const CHUNK_GZIP_GLOBAL = "__tallyChunkGzip";

export type { RunPageMeta };
