import { buildTraceIndex, indexedTracePath, readIndexedSteps } from "@/lib/formats/trace-index";
import type { StoredFileRef, StoredTraceIndex } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { bytes } from "@/lib/display/format";
import { chunksOf, type Trace, type TraceRead, type TraceStep } from "@/lib/traces";

/*
 * Big traces read by their index (docs/traces.md, "Big traces"): the index says where each step's bytes are,
 * and a page of steps reads only the one or two stored chunks holding them. Loaded indexes are kept in a cache
 * bounded by their packed bytes (300,000 steps: 7.2 MB).
 */

/** Bytes of packed steps kept in memory, least recently used out. */
const INDEX_CACHE_BYTES = 64 * 1024 * 1024;
/** Steps the rollout page renders with itself; the rest come from the trace API. */
export const INDEXED_FIRST_STEPS = 200;

interface Loaded extends StoredTraceIndex {
  sha256: string;
}

/** Loaded indexes per store (a test may hold two databases with the same files), most recently used last. */
const caches = new WeakMap<Store, Map<string, Loaded>>();
let cachedBytes = 0;

function cacheOf(store: Store): Map<string, Loaded> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map<string, Loaded>()));
  return cache;
}

function remember(store: Store, loaded: Loaded): void {
  const cache = cacheOf(store);
  if (cache.has(loaded.sha256)) return;
  cache.set(loaded.sha256, loaded);
  cachedBytes += loaded.steps.bytes.byteLength;
  for (const [sha, entry] of cache) {
    if (cachedBytes <= INDEX_CACHE_BYTES) break;
    cache.delete(sha);
    cachedBytes -= entry.steps.bytes.byteLength;
  }
}

function forget(store: Store, sha256: string): void {
  const cache = cacheOf(store);
  const entry = cache.get(sha256);
  if (!entry) return;
  cache.delete(sha256);
  cachedBytes -= entry.steps.bytes.byteLength;
}

/** The rollout's trace file that is or would be indexed, among its stored files; null for a format not indexed. */
export function indexedTraceRef(
  format: string,
  sourcePath: string,
  files: readonly StoredFileRef[],
): StoredFileRef | null {
  const path = indexedTracePath(
    format,
    sourcePath,
    files.map((f) => f.path),
  );
  return files.find((f) => f.path === path) ?? null;
}

/**
 * The index of a raw file: from the cache, else the store, else (`bytes` given: the file is big and was never
 * indexed, e.g. stored before indexes were) built from the bytes and stored. Null: no index, nor bytes to build one.
 */
export async function loadTraceIndex(
  store: Store,
  ref: StoredFileRef,
  format: string,
  bytes?: Uint8Array,
): Promise<Loaded | null> {
  const cache = cacheOf(store);
  const hit = cache.get(ref.sha256);
  if (hit) {
    cache.delete(ref.sha256);
    cache.set(ref.sha256, hit);
    return hit;
  }
  const stored = await store.getTraceIndex(ref.sha256);
  if (stored) {
    const loaded = { ...stored, sha256: ref.sha256 };
    remember(store, loaded);
    return loaded;
  }
  if (!bytes) return null;
  const built = buildTraceIndex(format, { path: ref.path, bytes });
  if (!built) return null;
  await store.putTraceIndex(ref.sha256, built);
  const loaded = { summary: built.summary, steps: built.steps, sha256: ref.sha256 };
  remember(store, loaded);
  return loaded;
}

/** Steps [offset, offset + limit) of an indexed trace, read from the chunks holding them. */
export async function readIndexedPage(
  store: Store,
  index: Loaded,
  offset: number,
  limit: number,
): Promise<TraceStep[]> {
  const total = index.steps.count;
  const from = Math.min(offset, total);
  const to = Math.min(total, from + limit);
  if (to <= from) return [];
  const [first, last] = chunksOf(index.summary, from, to);
  const chunks = await store.getTraceChunks(index.sha256, first, last);
  if (chunks.length !== last - first + 1) {
    // Gone with its file since it was loaded: the next read asks the store again.
    forget(store, index.sha256);
    throw new Error(`the stored trace ${index.summary.path} is missing chunks ${first}–${last}`);
  }
  const located = chunks.map((bytes, n) => ({ start: index.summary.chunkOffset[first + n]!, bytes }));
  return readIndexedSteps(index.summary.format, index.steps, from, to, located);
}

/** An indexed trace as a TraceRead: its first `firstSteps` steps, the whole trace's totals and error steps. */
export async function indexedTraceRead(
  store: Store,
  index: Loaded,
  firstSteps = INDEXED_FIRST_STEPS,
): Promise<TraceRead> {
  const { summary } = index;
  const trace: Trace = {
    format: summary.format,
    path: summary.path,
    steps: firstSteps > 0 ? await readIndexedPage(store, index, 0, firstSteps) : [],
    totals: summary.totals,
    metadata: {},
    warnings: [
      `${bytes(summary.bytes)} of trace: read a page at a time from its index; side by side and the run export see its first ${INDEXED_FIRST_STEPS} steps`,
      ...summary.warnings,
    ],
    indexed: { sha256: index.sha256, errors: summary.errors, refs: null },
  };
  return { kind: "trace", trace };
}

/** The read with every step's evidence refs loaded, when it is an indexed trace and `needed`. */
export async function withIndexedRefs(store: Store, read: TraceRead, needed: boolean): Promise<TraceRead> {
  if (!needed || read.kind !== "trace" || !read.trace.indexed || read.trace.indexed.refs) return read;
  const refs = await store.getTraceRefs(read.trace.indexed.sha256);
  return { kind: "trace", trace: { ...read.trace, indexed: { ...read.trace.indexed, refs } } };
}

/** Steps [offset, offset + limit) of a trace read by its index (`trace.indexed` set). */
export async function readIndexedTracePage(
  store: Store,
  trace: Trace,
  offset: number,
  limit: number,
): Promise<TraceStep[]> {
  if (!trace.indexed) throw new Error("readIndexedTracePage: the trace was not read by its index");
  const index = await loadTraceIndex(store, { path: trace.path, sha256: trace.indexed.sha256 }, trace.format);
  if (!index) throw new Error(`the index of ${trace.path} is no longer stored`);
  return readIndexedPage(store, index, offset, limit);
}
