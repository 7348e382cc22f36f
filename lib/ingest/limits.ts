import { describeBytes, EXPANDED_BYTES_SETTING, ExpansionBudget, isZip, surveyZip } from "@/lib/archive/unzip";
import type { ArchiveLimits } from "@/lib/archive/unzip";
import { env } from "@/lib/env";
import type { InputFile } from "@/lib/formats/types";
import { isIgnorable } from "./parse-batch";

/** The archive limits in the environment (lib/env.ts; README, "Limits"). */
export function archiveLimits(): ArchiveLimits {
  const e = env();
  return {
    maxExpandedBytes: e.TALLY_MAX_EXPANDED_BYTES,
    entryOverheadBytes: e.TALLY_ARCHIVE_ENTRY_BYTES,
    maxDepth: e.TALLY_MAX_ARCHIVE_DEPTH,
  };
}

/** One budget for every archive of a batch: an upload, a `tally ingest`, `score` or `compare` of some paths. */
export function archiveBudget(): ExpansionBudget {
  return new ExpansionBudget(archiveLimits());
}

/** A batch refused whole for passing a limit, before anything of it was written (an upload answers 413). */
export class IngestLimitError extends Error {
  constructor(
    message: string,
    /** The limit passed, in bytes, and the variable that sets it. */
    readonly limit: number,
    readonly setting: string,
  ) {
    super(message);
  }
}

export function expandedTooLarge(limits: ArchiveLimits, bytes: number | null): IngestLimitError {
  const what = bytes === null ? "expand to more than" : `expand to ${describeBytes(bytes)}, more than`;
  return new IngestLimitError(
    `The upload's archives ${what} the limit of ${describeBytes(limits.maxExpandedBytes)} (${EXPANDED_BYTES_SETTING}; ` +
      `all archives together, each entry counting ${limits.entryOverheadBytes} bytes more).`,
    limits.maxExpandedBytes,
    EXPANDED_BYTES_SETTING,
  );
}

const isEvalLog = (file: InputFile) =>
  /\.eval$/i.test(file.path) && file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03;

/**
 * An upload's bounds, from the zip directories alone (nothing is inflated): what its archives expand to, all
 * together, and what it would store. Every file that is not ignored is stored, as a rollout's raw file or as a
 * refused file with its reason, so the sum of their sizes bounds what the upload adds to the database; a refused
 * archive stores its own bytes, not its entries'. Throws IngestLimitError when either limit is passed.
 */
export function checkUploadBounds(files: readonly InputFile[], limits: ArchiveLimits, maxStoredBytes: number): void {
  let expanded = 0;
  let stored = 0;
  for (const file of files) {
    const zip = isZip(file);
    if (!zip && isIgnorable(file.path)) continue;
    if (!zip) stored += file.bytes.byteLength;
    if (!zip && !isEvalLog(file)) continue;
    const survey = surveyZip(file, limits);
    if ("error" in survey) {
      if (zip) stored += file.bytes.byteLength;
      continue;
    }
    expanded += survey.cost;
    if (!zip) continue;
    const prefix = file.path.replace(/\.zip$/i, "");
    for (const entry of survey.entries) if (!isIgnorable(`${prefix}/${entry.name}`)) stored += entry.bytes;
  }
  if (expanded > limits.maxExpandedBytes) throw expandedTooLarge(limits, expanded);
  if (stored > maxStoredBytes)
    throw new IngestLimitError(
      `The upload would store ${describeBytes(stored)}, more than the limit of ${describeBytes(maxStoredBytes)} ` +
        `per upload (TALLY_MAX_STORED_BYTES; refused files count too).`,
      maxStoredBytes,
      "TALLY_MAX_STORED_BYTES",
    );
}
