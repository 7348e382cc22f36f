import { readRolloutTrace, traceFileFilter } from "@/lib/formats/trace-readers";
import { isFormatId } from "@/lib/formats/registry";
import type { InputFile } from "@/lib/formats/types";
import { clip } from "@/lib/display/format";
import type { CheckRefs, RolloutDetail } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { INDEXED_TRACE_BYTES, indexedByOwnFile, indexTraceOf, keyedBySource } from "@/lib/formats/trace-index";
import {
  findOwnTraceIndex,
  INDEXED_FIRST_STEPS,
  indexedTraceRead,
  indexedTraceRef,
  loadTraceIndex,
  storeTraceIndex,
} from "./indexed-trace";
import { TraceCache } from "./trace-cache";
import { citedRefs, evidenceIndex, resolveAll, type ResolvedRef, type TraceRead } from "@/lib/traces";

const cache = new TraceCache();

/** What reading a rollout's trace needs of it: its format, its source and the raw files it was read from. */
export type TraceSource = Pick<RolloutDetail, "sourceFormat" | "sourcePath" | "files">;

/** Bytes a read keeps in memory, for the cache's budget: a trace's raw bytes, a raw text's, else next to none. */
function readCost(read: TraceRead, rawBytes: number): number {
  if (read.kind === "trace") return rawBytes;
  if (read.kind === "raw") return read.raw.text.length;
  return 1024;
}

/**
 * A stored rollout's trace, read from the raw files it was ingested from (traces are never stored parsed:
 * docs/traces.md) and kept in a bounded cache of parsed traces. Only the files the format's reader may read
 * are fetched (a Silo result of 200 MB is not). Never throws on a bad trace: an unreadable one comes back as
 * raw text with why. Callers share what it returns and must not mutate it. `cache: false` (a reader that
 * reads every rollout once, such as the static export) neither reads nor fills the cache. `indexedSteps`: the
 * steps an indexed trace comes with (a caller reading its own page by the index asks for none).
 */
export async function readStoredTrace(
  store: Store,
  rollout: TraceSource,
  options: { cache: boolean; indexedSteps?: number } = { cache: true },
): Promise<TraceRead> {
  const indexedSteps = options.indexedSteps ?? INDEXED_FIRST_STEPS;
  const format = rollout.sourceFormat;
  if (!isFormatId(format)) return { kind: "none", why: `no trace reader for the format "${rollout.sourceFormat}"` };
  // A big trace is read by its index: never whole.
  const indexedRef = indexedTraceRef(format, rollout.sourcePath, rollout.files);
  const index = indexedRef ? await loadTraceIndex(store, indexedRef, format) : null;
  if (index) {
    // An index loaded before its file went (a run deleted, then its files ingested again) is forgotten by the
    // failed read: the trace is then read as if it had none.
    const read = await indexedTraceRead(store, index, indexedSteps).catch(() => null);
    if (read) return read;
  }
  const key = `${format}\u0000${rollout.sourcePath}\u0000${rollout.files.map((f) => `${f.path}:${f.sha256}`).join("\u0000")}`;
  const hit = options.cache ? cache.get(key) : undefined;
  if (hit) return hit;
  const wanted = traceFileFilter(format);
  // A big trace indexed by its own file (known once read): one question for an index among the files it may be.
  if (indexedByOwnFile(format)) {
    const candidates = rollout.files.filter((f) => (!wanted || wanted(f.path)) && f.path !== indexedRef?.path);
    const own = await findOwnTraceIndex(store, candidates);
    const read = own ? await indexedTraceRead(store, own, indexedSteps).catch(() => null) : null;
    if (read) return read;
  }
  const files: InputFile[] = [];
  let bytes = 0;
  for (const ref of rollout.files) {
    if (wanted && !wanted(ref.path)) continue;
    const raw = await store.getRawFile(ref.sha256);
    if (!raw) continue;
    files.push({ path: ref.path, bytes: raw.bytes });
    bytes += raw.bytes.byteLength;
  }
  // A big trace stored without its index (before indexes were) is indexed on this first read.
  const big = indexedRef ? files.find((f) => f.path === indexedRef.path) : undefined;
  if (indexedRef && big && !keyedBySource(format) && big.bytes.byteLength >= INDEXED_TRACE_BYTES) {
    const built = await loadTraceIndex(store, indexedRef, format, big.bytes);
    const read = built ? await indexedTraceRead(store, built, indexedSteps).catch(() => null) : null;
    if (read) return read;
  }
  const read = readRolloutTrace({ path: rollout.sourcePath, format }, files);
  // A big trace indexed as its steps (an Inspect sample, another format's trace read from one file) stored before
  // its index was: indexed now.
  const own =
    read.kind === "trace"
      ? indexTraceOf(
          format,
          rollout.sourcePath,
          read.trace,
          rollout.files.map((f) => f.path),
        )
      : null;
  const ownFile = own ? rollout.files.find((f) => f.path === own.key.path) : undefined;
  if (own && ownFile) {
    const indexed = await storeTraceIndex(store, { ...ownFile, part: own.key.part }, own.index)
      .then((loaded) => indexedTraceRead(store, loaded, indexedSteps))
      .catch(() => null);
    // Not stored after all (a broken index in the way): the whole read is the answer this time.
    if (indexed) return indexed;
  }
  if (options.cache) cache.set(key, readCost(read, bytes), read);
  return read;
}

/** Each check's evidence refs, resolved to the index of the step that carries them (null: unresolved). */
export function checkEvidence(rollout: RolloutDetail, read: TraceRead): ResolvedRef[][] {
  const index = read.kind === "trace" ? evidenceIndex(read.trace) : null;
  return rollout.checks.map((check) =>
    index ? resolveAll(index, check.evidenceRefs) : check.evidenceRefs.map((ref) => ({ ref, step: null })),
  );
}

/** A check citing a step: its key (what the step shows, clipped) and its stored order (where its row is). */
export interface Citation {
  key: string;
  order: number;
}

/** Checks listed under one step of the trace; the rest are counted. */
export const CITATIONS_PER_STEP = 20;

/**
 * Evidence both ways: each citing check's resolved refs by the check's order, the checks citing each step, and
 * the bracketed citations of the agent's answer (`[e3]`) resolved the same way.
 */
export interface TraceEvidence {
  byCheck: Record<number, ResolvedRef[]>;
  /** The checks citing each step, by step index, in check order, each check once per step (CITATIONS_PER_STEP at most). */
  citations: Record<number, Citation[]>;
  /** How many checks cite each step that more than CITATIONS_PER_STEP cite. */
  citedBy: Record<number, number>;
  /** The answer's citations in order of first appearance; empty without a trace to resolve them against. */
  answer: ResolvedRef[];
}

/**
 * Resolves the citing checks' refs (Store.getCheckRefs) and the answer's citations against the trace. `answer`
 * is what the page has of the agent's output (its head): citations past it are not resolved.
 */
export function traceEvidence(checks: readonly CheckRefs[], answer: string | null, read: TraceRead): TraceEvidence {
  const index = read.kind === "trace" ? evidenceIndex(read.trace) : null;
  const byCheck: Record<number, ResolvedRef[]> = {};
  const citations: Record<number, Citation[]> = {};
  const citedBy: Record<number, number> = {};
  for (const check of checks) {
    const refs = index ? resolveAll(index, check.refs) : check.refs.map((ref) => ({ ref, step: null }));
    byCheck[check.order] = refs;
    const steps = new Set<number>();
    for (const { step } of refs) if (step !== null) steps.add(step);
    for (const step of steps) {
      const cited = (citations[step] ??= []);
      const n = (citedBy[step] ?? 0) + 1;
      citedBy[step] = n;
      if (cited.length < CITATIONS_PER_STEP) cited.push({ key: clip(check.key, 120), order: check.order });
    }
  }
  for (const step of Object.keys(citedBy))
    if (citedBy[Number(step)]! <= CITATIONS_PER_STEP) delete citedBy[Number(step)];
  return {
    byCheck,
    citations,
    citedBy,
    answer: index && answer !== null ? resolveAll(index, citedRefs(answer)) : [],
  };
}

/** The refs of a rollout read whole (its checks' evidence), as Store.getCheckRefs gives them. */
export function checkRefsOf(rollout: Pick<RolloutDetail, "checks">): CheckRefs[] {
  return rollout.checks
    .filter((c) => c.evidenceRefs.length > 0)
    .map((c) => ({ order: c.order, key: c.key, refs: c.evidenceRefs }));
}
