import { sha256Hex } from "@/lib/formats/hash";
import { buildTraceIndex, indexedTracePath, type BuiltTraceIndex } from "@/lib/formats/trace-index";
import type { InputFile, NormalizedRollout } from "@/lib/formats/types";
import type { Store } from "@/lib/store/store";

/*
 * Ingest's part in big traces (docs/traces.md): a rollout's big trace is indexed once, while its bytes are in
 * memory anyway; its totals come from the index (the trace is not also parsed whole), and the index is stored
 * with the rollout's raw files, so no page ever reads the file whole.
 */

const built = new WeakMap<Uint8Array, { file: InputFile; index: BuiltTraceIndex } | null>();

/** The index of a rollout's big trace, built once per file's bytes; null when its trace is not indexed. */
export function ingestTraceIndex(
  rollout: NormalizedRollout,
  files: ReadonlyMap<string, InputFile>,
): { file: InputFile; index: BuiltTraceIndex } | null {
  const path = indexedTracePath(rollout.source.format, rollout.source.path, rollout.files);
  const file = path === null ? undefined : files.get(path);
  if (!file) return null;
  const known = built.get(file.bytes);
  if (known !== undefined) return known;
  const index = buildTraceIndex(rollout.source.format, file);
  const result = index ? { file, index } : null;
  built.set(file.bytes, result);
  return result;
}

/** Stores the trace indexes of rollouts just stored (their raw files are); each file's index once. */
export async function storeTraceIndexes(
  store: Store,
  rollouts: readonly NormalizedRollout[],
  files: ReadonlyMap<string, InputFile>,
): Promise<void> {
  for (const rollout of rollouts) {
    const found = ingestTraceIndex(rollout, files);
    if (found) await store.putTraceIndex(sha256Hex(found.file.bytes), found.index);
  }
}
