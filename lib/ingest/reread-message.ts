import type { FileRejection, FormatId, NormalizedRollout, ParseOptions } from "@/lib/formats/types";

/*
 * What the ingest's main thread and its reread worker (reread-worker.ts) send each other: plain data, copied by
 * structured clone, file bytes moved rather than copied.
 */

/** A file of the group: read from disk by the worker, or its bytes when it is held in memory (an archive's). */
export type RereadFile = { path: string; abs: string; maxBytes: number } | { path: string; bytes: Uint8Array };

export interface RereadRequest {
  id: number;
  format: FormatId;
  options: Omit<ParseOptions, "archives">;
  light: NormalizedRollout[];
  files: RereadFile[];
}

/** The bytes a worker read of a disk file, with the size and time it read them at. */
export interface ReadFile {
  path: string;
  bytes: Uint8Array;
  stamp: { size: number; mtimeMs: number };
}

export type RereadReply =
  | { id: number; rollouts: NormalizedRollout[]; rejected: FileRejection[]; read: ReadFile[] }
  | { id: number; error: string };
