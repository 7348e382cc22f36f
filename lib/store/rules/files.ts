import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile } from "@/lib/formats/types";
import type { RawFileBytes } from "../records";
import { RAW_FILE, REJECTED_FILE, rawFileRow } from "../rows";
import { first, insert, type Rule } from "../sql/rule";
import { sql } from "../sql/sql";

/*
 * The rules of raw files, for both databases: stored once by content address (sha256), kept while a run file
 * or a refused file references them (runs.ts deletes the rest with a run).
 */

export function* getRawFile(sha256: string): Rule<RawFileBytes | null> {
  const file = sql`SELECT "bytes", "size" FROM "RawFile" WHERE "sha256" = ${sha256}`;
  return (yield* first<RawFileBytes>(file, RAW_FILE.columns)) ?? null;
}

/** Refused files with their reasons: one row per bytes and path, the last reason kept. */
export function* storeRejectedFiles(refused: readonly { file: InputFile; error: string }[]): Rule<void> {
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
  yield* insert(RAW_FILE, [...bySha.values()], "ignore");
  yield* insert(
    REJECTED_FILE,
    files.map(({ sha256, file, error }) => ({ sha256, path: file.path, error, createdAt: now })),
    { on: ["sha256", "path"], update: ["error"] },
  );
}
