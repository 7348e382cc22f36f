import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile } from "@/lib/formats/types";
import type { RawFileBytes, RawFilePieces } from "../records";
import { RAW_FILE, RAW_FILE_PART, REJECTED_FILE, rawFileRow, type RawFileRow } from "../rows";
import { first, insert, select, type Rule } from "../sql/rule";
import { sql } from "../sql/sql";

/*
 * The rules of raw files, for both databases: stored once by content address (sha256), kept while a run file
 * or a refused file references them (runs.ts deletes the rest with a run). A file over `partBytes` is stored
 * in parts of that size (RawFilePart), so no value nears what one database value or statement can hold
 * (docs/traces.md#where-the-bytes-live).
 */

/** The size of a raw file's parts: a file up to this size is one value. */
export const RAW_PART_BYTES = 4 * 1024 * 1024;

/** Writes raw files, each over `partBytes` as its parts; a file already stored is left as it is. */
export function* putRawFiles(rows: readonly RawFileRow[], partBytes: number): Rule<void> {
  const whole = rows.filter((r) => r.bytes.byteLength <= partBytes);
  yield* insert(RAW_FILE, whole, "ignore");
  for (const row of rows) {
    if (row.bytes.byteLength <= partBytes) continue;
    const parts = Math.ceil(row.bytes.byteLength / partBytes);
    const written = yield* insert(RAW_FILE, [{ ...row, bytes: new Uint8Array(0), parts }], "ignore");
    if (written === 0) continue;
    for (let part = 0; part < parts; part++) {
      const bytes = row.bytes.subarray(part * partBytes, (part + 1) * partBytes);
      yield* insert(RAW_FILE_PART, [{ sha256: row.sha256, part, bytes }]);
    }
  }
}

/** Whole bytes of a raw file, its parts joined. */
export function* getRawFile(sha256: string): Rule<RawFileBytes | null> {
  const file = yield* first<RawFileBytes & { parts: number }>(
    sql`SELECT "bytes", "size", "parts" FROM "RawFile" WHERE "sha256" = ${sha256}`,
    RAW_FILE.columns,
  );
  if (!file) return null;
  if (file.parts === 0) return { bytes: file.bytes, size: file.size };
  const parts = yield* select<{ bytes: Uint8Array }>(
    sql`SELECT "bytes" FROM "RawFilePart" WHERE "sha256" = ${sha256} ORDER BY "part"`,
    RAW_FILE_PART.columns,
  );
  const bytes = Buffer.concat(parts.map((p) => p.bytes));
  // Parts missing (the file deleted between the two reads) read as no file, never as a shorter one.
  return bytes.byteLength === file.size ? { bytes, size: file.size } : null;
}

/** A raw file's size and how many pieces it is read in (one for a file stored whole), without its bytes. */
export function* getRawFilePieces(sha256: string): Rule<RawFilePieces | null> {
  const file = yield* first<{ size: number; parts: number }>(
    sql`SELECT "size", "parts" FROM "RawFile" WHERE "sha256" = ${sha256}`,
    RAW_FILE.columns,
  );
  return file ? { size: file.size, pieces: Math.max(1, file.parts) } : null;
}

/** Piece `n` of a raw file (getRawFilePieces), or null past its last. */
export function* getRawFilePiece(sha256: string, n: number): Rule<Uint8Array | null> {
  const file = yield* first<{ bytes: Uint8Array | null; parts: number }>(
    sql`SELECT CASE WHEN "parts" = 0 THEN "bytes" END AS "bytes", "parts" FROM "RawFile" WHERE "sha256" = ${sha256}`,
    RAW_FILE.columns,
  );
  if (!file) return null;
  if (file.parts === 0) return n === 0 ? file.bytes : null;
  const part = yield* first<{ bytes: Uint8Array }>(
    sql`SELECT "bytes" FROM "RawFilePart" WHERE "sha256" = ${sha256} AND "part" = ${n}`,
    RAW_FILE_PART.columns,
  );
  return part?.bytes ?? null;
}

/** Refused files with their reasons: one row per bytes and path, the last reason kept. */
export function* storeRejectedFiles(
  refused: readonly { file: InputFile; error: string }[],
  partBytes: number,
): Rule<void> {
  if (refused.length === 0) return;
  const now = new Date();
  const rows = new Map<string, { sha256: string; file: InputFile; error: string }>();
  for (const { file, error } of refused) {
    const sha256 = sha256Hex(file.bytes);
    // A path named twice keeps its last reason (one statement cannot write one row twice on PostgreSQL).
    const key = `${sha256}\u0000${file.path}`;
    rows.delete(key);
    rows.set(key, { sha256, file, error });
  }
  const files = [...rows.values()];
  const bySha = new Map(files.map(({ sha256, file }) => [sha256, rawFileRow(sha256, file.bytes, now)]));
  yield* putRawFiles([...bySha.values()], partBytes);
  yield* insert(
    REJECTED_FILE,
    files.map(({ sha256, file, error }) => ({ sha256, path: file.path, error, createdAt: now })),
    { on: ["sha256", "path"], update: ["error"] },
  );
}
