import { packedLengthFits, TRACE_INDEX_VERSION, type IndexedRefs, type TraceIndexSummary } from "@/lib/traces";
import type { StoredTraceIndex, TraceIndexToStore } from "../records";
import { TRACE_CHUNK, TRACE_INDEX } from "../rows";
import { first, insert, run, select, type Rule } from "../sql/rule";
import { inList, sql } from "../sql/sql";

/*
 * The rules of trace indexes, for both databases: one per trace of a raw file (by sha256 and part: "" for a file
 * that is one trace, an Inspect log's sample) with the chunks a page of steps is read from. Both go with their
 * raw file (ON DELETE CASCADE).
 */

/** The slices a trace index's packed steps are read in on PostgreSQL. */
export const INDEX_SLICE_BYTES = 4 * 1024 * 1024;

/** Chunks written per statement: a chunk is about 1 MB. */
const CHUNKS_PER_INSERT = 16;
/** Files asked about per statement (well under either database's bound parameters). */
const SHAS_PER_SELECT = 500;

/**
 * An index of the current version, or null. `sliceBytes`: packed steps longer than this are read in slices of
 * it (PostgreSQL, where pg receives a bytea as hex text in one string: 40 MB of steps were some 450 MB of
 * transient memory); null reads them whole (SQLite reads a blob whole for every slice).
 */
export function* getTraceIndex(sha256: string, part: string, sliceBytes: number | null): Rule<StoredTraceIndex | null> {
  const where = sql`"sha256" = ${sha256} AND "part" = ${part}`;
  const row = yield* first<{ version: number; summary: string; steps: Uint8Array | null; size: number; tools: string }>(
    sliceBytes === null
      ? sql`SELECT "version", "summary", "steps", length("steps") AS "size", "tools" FROM "TraceIndex" WHERE ${where}`
      : sql`SELECT "version", "summary", CASE WHEN length("steps") <= ${sliceBytes} THEN "steps" END AS "steps",
          length("steps") AS "size", "tools" FROM "TraceIndex" WHERE ${where}`,
    { version: "number", summary: "text", steps: "bytes", size: "number", tools: "text" },
  );
  if (!row || row.version !== TRACE_INDEX_VERSION) return null;
  if (row.steps === null && sliceBytes !== null) {
    const steps = new Uint8Array(row.size);
    for (let at = 0; at < row.size; at += sliceBytes) {
      const slice = yield* first<{ bytes: Uint8Array }>(
        sql`SELECT substr("steps", ${at + 1}, ${sliceBytes}) AS "bytes" FROM "TraceIndex" WHERE ${where}`,
        { bytes: "bytes" },
      );
      if (!slice || slice.bytes.byteLength !== Math.min(sliceBytes, row.size - at)) return null;
      steps.set(slice.bytes, at);
    }
    row.steps = steps;
  }
  if (row.steps === null) return null;
  const summary = JSON.parse(row.summary) as TraceIndexSummary;
  const tools = JSON.parse(row.tools) as string[];
  if (!packedLengthFits(row.steps, summary.totals.steps)) return null;
  return { summary, steps: { count: summary.totals.steps, bytes: row.steps, tools } };
}

/**
 * The first of these raw files (in the order given) with a current trace index of `part`, with its sha256; null
 * when none has one. Asks which have one (500 files a statement), then reads that one's index.
 */
export function* findTraceIndex(
  sha256s: readonly string[],
  part: string,
  sliceBytes: number | null,
): Rule<{ sha256: string; index: StoredTraceIndex } | null> {
  const found = new Set<string>();
  for (let from = 0; from < sha256s.length; from += SHAS_PER_SELECT) {
    const group = sha256s.slice(from, from + SHAS_PER_SELECT);
    const rows = yield* select<{ sha256: string }>(
      sql`SELECT "sha256" FROM "TraceIndex"
        WHERE ${inList(sql`"sha256"`, group, "text")} AND "part" = ${part} AND "version" = ${TRACE_INDEX_VERSION}`,
      { sha256: "text" },
    );
    for (const r of rows) found.add(r.sha256);
  }
  for (const sha256 of sha256s) {
    if (!found.has(sha256)) continue;
    const index = yield* getTraceIndex(sha256, part, sliceBytes);
    if (index) return { sha256, index };
  }
  return null;
}

export function* getTraceRefs(sha256: string, part: string): Rule<IndexedRefs | null> {
  const row = yield* first<{ refs: string }>(
    sql`SELECT "refs" FROM "TraceIndex"
      WHERE "sha256" = ${sha256} AND "part" = ${part} AND "version" = ${TRACE_INDEX_VERSION}`,
    { refs: "text" },
  );
  return row ? (JSON.parse(row.refs) as IndexedRefs) : null;
}

/** Chunks [from, to] of an index, in order. */
export function* getTraceChunks(sha256: string, part: string, from: number, to: number): Rule<Uint8Array[]> {
  const rows = yield* select<{ chunk: number; bytes: Uint8Array }>(
    sql`SELECT "chunk", "bytes" FROM "TraceChunk"
      WHERE "sha256" = ${sha256} AND "part" = ${part} AND "chunk" >= ${from} AND "chunk" <= ${to} ORDER BY "chunk"`,
    { chunk: "number", bytes: "bytes" },
  );
  return rows.map((r) => r.bytes);
}

/**
 * Stores an index of a stored raw file, replacing one of an older version; false when the raw file is not
 * stored (an index never outlives its file) or an index of this version already is.
 */
export function* putTraceIndex(sha256: string, part: string, index: TraceIndexToStore): Rule<boolean> {
  const file = yield* first(sql`SELECT 1 AS "one" FROM "RawFile" WHERE "sha256" = ${sha256}`);
  if (!file) return false;
  yield* run(
    sql`DELETE FROM "TraceIndex" WHERE "sha256" = ${sha256} AND "part" = ${part} AND "version" <> ${TRACE_INDEX_VERSION}`,
  );
  const written = yield* insert(
    TRACE_INDEX,
    [
      {
        sha256,
        part,
        version: TRACE_INDEX_VERSION,
        summary: JSON.stringify(index.summary),
        steps: index.steps.bytes,
        tools: JSON.stringify(index.steps.tools),
        refs: JSON.stringify(index.refs),
        createdAt: new Date(),
      },
    ],
    "ignore",
  );
  if (written === 0) return false;
  for (let from = 0; from < index.chunks.length; from += CHUNKS_PER_INSERT) {
    const rows = index.chunks
      .slice(from, from + CHUNKS_PER_INSERT)
      .map((bytes, n) => ({ sha256, part, chunk: from + n, bytes }));
    yield* insert(TRACE_CHUNK, rows);
  }
  return true;
}
