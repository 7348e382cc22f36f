import { columnsOf } from "../columns/columns-of";
import { decodeColumns, encodeColumns } from "../columns/column-bytes";
import { COLUMNS_LAYOUT } from "../columns/column-schema";
import { runOfColumns } from "../columns/run-of-columns";
import type { ScoringRun } from "../core/types";

/*
 * A run as bytes for the trip from server to browser (GET /api/runs/:id/run.bin, decoded in the run page's Web
 * Worker) and for the store: the run's columns (lib/scoring/columns), self-describing (column-bytes.ts). The
 * worker and the server read them as columns (decodeColumns); these two are for callers that still read a
 * ScoringRun.
 * Contract: decodeBinaryRun(encodeBinaryRun(run)) deep-equals run, −0 and lone surrogates included.
 */

/** The layout of the bytes, derived from their column names and kinds (column-schema.ts): never raised by hand. */
export const BINARY_RUN_LAYOUT = COLUMNS_LAYOUT;
export const BINARY_RUN_MEDIA_TYPE = "application/vnd.tally.run+binary";

export function encodeBinaryRun(run: ScoringRun): Uint8Array<ArrayBuffer> {
  return encodeColumns(columnsOf(run));
}

/** The run of encodeBinaryRun's bytes; throws on anything else (see decodeColumns). */
export function decodeBinaryRun(bytes: Uint8Array): ScoringRun {
  return runOfColumns(decodeColumns(bytes));
}
