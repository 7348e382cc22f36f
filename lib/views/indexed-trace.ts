import { buildTraceIndex, indexedTraceKey, readIndexedSteps, type BuiltTraceIndex } from "@/lib/formats/trace-index";
import type { StoredFileRef, StoredTraceIndex } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { bytes, count } from "@/lib/display/format";
import { chunksOf, cutLongTexts, type Trace, type TraceRead, type TraceStep } from "@/lib/traces";

/*
 * Big traces read by their index (docs/traces.md, "Big traces"): the index says where each step's bytes are,
 * and a page of steps reads only the one or two stored chunks holding them. Loaded indexes are kept in a cache
 * bounded by their packed bytes (300,000 steps: 7.2 MB).
 */

/** Bytes of packed steps kept in memory, least recently used out. */
const INDEX_CACHE_BYTES = 64 * 1024 * 1024;
/** Steps the rollout page renders with itself; the rest come from the trace API. */
export const INDEXED_FIRST_STEPS = 200;
/**
 * Steps of an indexed trace side by side aligns: about as many as the aligner pairs exactly (MAX_ALIGN_CELLS,
 * lib/traces/align.ts: 2,000 units a side), so a page of four such columns holds a few MB, whatever their length.
 */
export const SIDE_BY_SIDE_STEPS = 2000;

interface Loaded extends StoredTraceIndex {
  sha256: string;
  part: string;
}

/** A trace's index in the store: its raw file and which trace of it ("" for a file that is one trace). */
export interface TraceIndexRef extends StoredFileRef {
  part: string;
}

const keyOf = (sha256: string, part: string) => `${sha256}\u0000${part}`;

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
  const key = keyOf(loaded.sha256, loaded.part);
  if (cache.has(key)) return;
  cache.set(key, loaded);
  cachedBytes += loaded.steps.bytes.byteLength;
  for (const [key, entry] of cache) {
    if (cachedBytes <= INDEX_CACHE_BYTES) break;
    cache.delete(key);
    cachedBytes -= entry.steps.bytes.byteLength;
  }
}

function forget(store: Store, sha256: string, part: string): void {
  const cache = cacheOf(store);
  const entry = cache.get(keyOf(sha256, part));
  if (!entry) return;
  cache.delete(keyOf(sha256, part));
  cachedBytes -= entry.steps.bytes.byteLength;
}

/** The rollout's trace that is or would be indexed: its file among its stored files and its part; null for a format not indexed. */
export function indexedTraceRef(
  format: string,
  sourcePath: string,
  files: readonly StoredFileRef[],
): TraceIndexRef | null {
  const key = indexedTraceKey(
    format,
    sourcePath,
    files.map((f) => f.path),
  );
  const file = key === null ? undefined : files.find((f) => f.path === key.path);
  return file && key ? { ...file, part: key.part } : null;
}

/**
 * The index of a trace: from the cache, else the store, else (`bytes` given: a big Silo trace.jsonl never
 * indexed, e.g. stored before indexes were) built from the bytes and stored. Null: no index, nor bytes to build one.
 */
export async function loadTraceIndex(
  store: Store,
  ref: TraceIndexRef,
  format: string,
  bytes?: Uint8Array,
): Promise<Loaded | null> {
  const cache = cacheOf(store);
  const key = keyOf(ref.sha256, ref.part);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const stored = await store.getTraceIndex(ref.sha256, ref.part);
  if (stored) {
    const loaded = { ...stored, sha256: ref.sha256, part: ref.part };
    remember(store, loaded);
    return loaded;
  }
  if (!bytes) return null;
  const built = buildTraceIndex(format, { path: ref.path, bytes });
  return built ? storeTraceIndex(store, ref, built) : null;
}

/**
 * The index of a trace indexed by its own file (stepsIndexKey): the first of the candidate files (those the
 * rollout's trace may be read from) with an index as steps, from the cache, else one store query; null when none
 * has one. A Silo trace.jsonl's line index is no such index, nor found here.
 */
export async function findOwnTraceIndex(store: Store, candidates: readonly StoredFileRef[]): Promise<Loaded | null> {
  const cache = cacheOf(store);
  for (const file of candidates) {
    const hit = cache.get(keyOf(file.sha256, ""));
    if (hit?.summary.encoding === "steps") return hit;
  }
  if (candidates.length === 0) return null;
  const found = await store.findTraceIndex(
    candidates.map((f) => f.sha256),
    "",
  );
  if (!found || found.index.summary.encoding !== "steps") return null;
  const loaded = { ...found.index, sha256: found.sha256, part: "" };
  remember(store, loaded);
  return loaded;
}

/** Stores an index just built (a big trace read for the first time) and keeps it loaded. */
export async function storeTraceIndex(store: Store, ref: TraceIndexRef, built: BuiltTraceIndex): Promise<Loaded> {
  await store.putTraceIndex(ref.sha256, built, ref.part);
  const loaded = { summary: built.summary, steps: built.steps, sha256: ref.sha256, part: ref.part };
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
  const chunks = await store.getTraceChunks(index.sha256, first, last, index.part);
  if (chunks.length !== last - first + 1) {
    // Gone with its file since it was loaded: the next read asks the store again.
    forget(store, index.sha256, index.part);
    throw new Error(`the stored trace ${index.summary.path} is missing chunks ${first}–${last}`);
  }
  const located = chunks.map((bytes, n) => ({ start: index.summary.chunkOffset[first + n]!, bytes }));
  return readIndexedSteps(index.summary, index.steps, from, to, located);
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
      `${bytes(summary.bytes)} of trace: read a page at a time from its index; side by side aligns its first ${count(SIDE_BY_SIDE_STEPS)} steps and the run export holds its first ${INDEXED_FIRST_STEPS}`,
      ...summary.warnings,
    ],
    indexed: { sha256: index.sha256, part: index.part, errors: summary.errors, refs: null },
  };
  return { kind: "trace", trace };
}

/** The read as a page sends it: an indexed trace's steps with their long texts cut (the rest on demand). */
export function withLongTextsCut(read: TraceRead): TraceRead {
  if (read.kind !== "trace" || !read.trace.indexed) return read;
  return { kind: "trace", trace: { ...read.trace, steps: read.trace.steps.map((s) => cutLongTexts(s)) } };
}

/** The read with every step's evidence refs loaded, when it is an indexed trace and `needed`. */
export async function withIndexedRefs(store: Store, read: TraceRead, needed: boolean): Promise<TraceRead> {
  if (!needed || read.kind !== "trace" || !read.trace.indexed || read.trace.indexed.refs) return read;
  const refs = await store.getTraceRefs(read.trace.indexed.sha256, read.trace.indexed.part);
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
  const { sha256, part } = trace.indexed;
  const index = await loadTraceIndex(store, { path: trace.path, sha256, part }, trace.format);
  if (!index) throw new Error(`the index of ${trace.path} is no longer stored`);
  return readIndexedPage(store, index, offset, limit);
}
