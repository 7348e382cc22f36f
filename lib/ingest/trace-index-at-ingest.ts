import { sha256Hex } from "@/lib/formats/hash";
import {
  buildTraceIndex,
  indexedTraceKey,
  indexTraceOf,
  keyedBySource,
  type BuiltTraceIndex,
} from "@/lib/formats/trace-index";
import { readRolloutTrace } from "@/lib/formats/trace-readers";
import type { InputFile, NormalizedRollout } from "@/lib/formats/types";
import type { Store } from "@/lib/store/store";
import type { TraceRead } from "@/lib/traces";
import type { TraceIndexRef } from "@/lib/views/indexed-trace";

/*
 * Ingest's part in big traces (docs/traces.md): a rollout's big trace is indexed once, while its bytes are in
 * memory anyway; its totals come from the index (the trace is not also parsed whole), and the index is stored
 * with the rollout's raw files, so no page ever reads the file whole. Any other big trace (an Inspect sample, a
 * trace read from one file of its rollout: lib/formats/trace-index.ts) is read whole once, for its summary, and
 * indexed as its steps from that read.
 */

export interface IngestedIndex {
  file: InputFile;
  part: string;
  index: BuiltTraceIndex;
}

const built = new WeakMap<Uint8Array, IngestedIndex | null>();
/** Indexes built from a whole read (traceRead below), kept until storeTraceIndexes stores them. */
const fromReads = new WeakMap<NormalizedRollout, IngestedIndex>();

function traceFile(rollout: NormalizedRollout, files: ReadonlyMap<string, InputFile>) {
  const key = indexedTraceKey(rollout.source.format, rollout.source.path, rollout.files);
  const file = key === null ? undefined : files.get(key.path);
  return key && file ? { file, part: key.part } : null;
}

/**
 * The index of a rollout's big Silo trace.jsonl, built once per file's bytes from the bytes alone; null when its
 * trace is not indexed so.
 */
export function ingestTraceIndex(
  rollout: NormalizedRollout,
  files: ReadonlyMap<string, InputFile>,
): IngestedIndex | null {
  if (keyedBySource(rollout.source.format)) return null;
  const found = traceFile(rollout, files);
  if (!found) return null;
  const known = built.get(found.file.bytes);
  if (known !== undefined) return known;
  const index = buildTraceIndex(rollout.source.format, found.file);
  const result = index ? { ...found, index } : null;
  built.set(found.file.bytes, result);
  return result;
}

/**
 * A rollout's trace read whole from its files; when it is big and indexed as its steps (indexTraceOf), its index
 * is built from this read and kept for storeTraceIndexes.
 */
export function ingestTraceRead(
  rollout: NormalizedRollout,
  files: ReadonlyMap<string, InputFile>,
  own: readonly InputFile[],
): TraceRead {
  const read = readRolloutTrace(rollout.source, own);
  if (read.kind !== "trace") return read;
  const built = indexTraceOf(rollout.source.format, rollout.source.path, read.trace, rollout.files);
  const file = built ? files.get(built.key.path) : undefined;
  if (built && file) fromReads.set(rollout, { file, part: built.key.part, index: built.index });
  return read;
}

/**
 * Stores the trace indexes of rollouts just stored (their raw files are); each file's index once. Returns where
 * each indexed rollout's index is stored, for search to read its steps a page at a time.
 */
export async function storeTraceIndexes(
  store: Store,
  rollouts: readonly NormalizedRollout[],
  files: ReadonlyMap<string, InputFile>,
): Promise<Map<NormalizedRollout, TraceIndexRef>> {
  const stored = new Map<NormalizedRollout, TraceIndexRef>();
  for (const rollout of rollouts) {
    const found = fromReads.get(rollout) ?? ingestTraceIndex(rollout, files);
    fromReads.delete(rollout);
    if (!found) continue;
    const sha256 = sha256Hex(found.file.bytes);
    await store.putTraceIndex(sha256, found.index, found.part);
    stored.set(rollout, { path: found.file.path, sha256, part: found.part });
  }
  return stored;
}
