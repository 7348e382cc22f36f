import { unzipSync, type UnzipFileInfo } from "fflate";
import { readZipDirectory } from "./zip-directory";
import { unzstdBounded } from "./zstd";

/** Zip compression method 93: Zstandard, which Inspect uses for the members of its .eval logs. */
const ZSTD = 93;
/** A file by its path relative to the ingested root; lib/formats' InputFile has this shape. */
export interface InputFile {
  path: string;
  bytes: Uint8Array;
}

/** A file or archive entry that could not be read, and why. */
export interface FileRejection {
  path: string;
  error: string;
}

export interface ArchiveLimits {
  /** Bytes the archives of one batch (an upload, a CLI ingest) may expand to together, entries' overhead included. */
  maxExpandedBytes: number;
  /**
   * Charged per entry against maxExpandedBytes, so the entry count follows the bytes: each expanded file costs
   * ingest a path, objects and its place in several maps whatever its size (0.5 KiB measured for a one-check
   * result once parsed, before its rows are built; 1 KiB leaves room for those).
   */
  entryOverheadBytes: number;
  /** Folders an entry may be nested in. */
  maxDepth: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxExpandedBytes: 512 * 1024 * 1024,
  entryOverheadBytes: 1024,
  maxDepth: 32,
};

/** The setting that raises the expansion limit, named in every refusal for it. */
export const EXPANDED_BYTES_SETTING = "TALLY_MAX_EXPANDED_BYTES";

/**
 * What the archives of one batch have expanded to so far, against one limit for all of them (zips and Inspect
 * .eval logs, nested ones included). An archive is charged its declared size before anything of it is inflated,
 * so a batch never holds more than the limit; one that does not fit is refused and named in `overflow`.
 */
export class ExpansionBudget {
  private used = 0;
  /** The first archive refused because the batch's archives together passed the limit; null while none was. */
  overflow: { path: string; bytes: number } | null = null;

  constructor(readonly limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS) {}

  get usedBytes(): number {
    return this.used;
  }

  /** Charges `bytes` for the archive at `path`; false (and nothing charged) when the batch would pass the limit. */
  take(path: string, bytes: number): boolean {
    if (this.used + bytes > this.limits.maxExpandedBytes) {
      this.overflow ??= { path, bytes };
      return false;
    }
    this.used += bytes;
    return true;
  }
}

/** `536870912 bytes (512 MiB)`: exact for a reader who sets the variable, rounded for one who reads it. */
export function describeBytes(bytes: number): string {
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = "";
  for (const u of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = u;
  }
  if (unit === "") return `${bytes} bytes`;
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${bytes} bytes (${shown} ${unit})`;
}

/** An archive to expand: a .zip, or zip bytes under another name — except Inspect's .eval logs (zips that the
 *  inspect format reads whole, so their rollouts point at `log.eval#sample`). */
export function isZip(file: InputFile, head?: Uint8Array): boolean {
  const name = file.path.toLowerCase();
  if (name.endsWith(".eval")) return false;
  const b = head ?? file.bytes;
  return name.endsWith(".zip") || (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04);
}

/** An archive entry name that stays inside the archive: no absolute paths, drive letters or `..` segments. */
export function safeEntryName(name: string): string | null {
  const normal = name.replace(/\\/g, "/");
  if (normal.startsWith("/") || /^[a-zA-Z]:/.test(normal) || normal.includes("\0")) return null;
  const parts = normal.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) return null;
  return parts.join("/");
}

/** A zip's directory read without inflating anything: its entries and what expanding it costs the batch. */
export interface ZipSurvey {
  /** Each file entry's safe name (safeEntryName) and the bytes it expands to. */
  entries: { name: string; bytes: number }[];
  /** Expanded bytes plus each entry's overhead (ArchiveLimits.entryOverheadBytes). */
  cost: number;
}

/**
 * Reads a zip's central directory: entry names, declared sizes and depth, checked before anything is inflated,
 * so a zip bomb is refused whole without inflating its first byte. An archive that alone costs more than the
 * batch limit, holds a traversal name or nests too deep is refused; an empty one too, so it is reported rather
 * than silently vanishing from the batch.
 */
export function surveyZip(zip: InputFile, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): ZipSurvey | FileRejection {
  const entries: ZipSurvey["entries"] = [];
  let cost = 0;
  let problem: string | null = null;
  // The filter refuses every entry, so nothing is inflated; past a problem it only counts on.
  const survey = (info: UnzipFileInfo): boolean => {
    if (problem || info.name.endsWith("/")) return false;
    // A stored entry is copied whole whatever size it declares.
    const bytes = Math.max(info.originalSize, info.compression === 0 ? info.size : 0);
    cost += bytes + limits.entryOverheadBytes;
    const safe = safeEntryName(info.name);
    if (safe === null) problem = `archive entry "${info.name}" points outside the archive (path traversal): refused`;
    else if (safe.split("/").length > limits.maxDepth)
      problem = `archive entry "${info.name}" is nested deeper than ${limits.maxDepth} folders`;
    else if (cost > limits.maxExpandedBytes)
      problem =
        `archive expands to more than the limit of ${describeBytes(limits.maxExpandedBytes)} for one batch's ` +
        `archives (${EXPANDED_BYTES_SETTING}; each entry counts ${limits.entryOverheadBytes} bytes more): zip bomb?`;
    else entries.push({ name: safe, bytes });
    return false;
  };
  try {
    unzipSync(zip.bytes, { filter: survey });
  } catch (error) {
    return { path: zip.path, error: unreadable(error) };
  }
  if (problem) return { path: zip.path, error: problem };
  if (entries.length === 0) return { path: zip.path, error: "archive holds no files (empty zip)" };
  return { entries, cost };
}

const unreadable = (error: unknown) =>
  `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Expands a zip into files under `<zip name without .zip>/…`, charging `budget` (one per batch) with its
 * surveyed cost first: an archive that does not fit what the batch's other archives left is refused without
 * being inflated. fflate inflates each stored or deflated entry into a buffer of its declared size, and a
 * Zstandard entry is refused once it produces more than its declared size, so an entry that lies about its size
 * cannot expand past it and the batch never holds more than its limit.
 */
export function expandZip(
  zip: InputFile,
  budget: ExpansionBudget = new ExpansionBudget(),
): { files: InputFile[] } | FileRejection {
  const prefix = zip.path.replace(/\.zip$/i, "");
  const survey = surveyZip(zip, budget.limits);
  if ("error" in survey) return survey;
  if (!budget.take(zip.path, survey.cost)) {
    const { maxExpandedBytes } = budget.limits;
    return {
      path: zip.path,
      error:
        `archive expands to ${describeBytes(survey.cost)}, more than the ${describeBytes(maxExpandedBytes - budget.usedBytes)} ` +
        `the batch's other archives left of its limit of ${describeBytes(maxExpandedBytes)} (${EXPANDED_BYTES_SETTING})`,
    };
  }
  let out: Record<string, Uint8Array>;
  const zstdNames = new Set<string>();
  try {
    out = unzipSync(zip.bytes, {
      filter: (info) => {
        if (info.compression === ZSTD) zstdNames.add(info.name);
        return !info.name.endsWith("/") && info.compression !== ZSTD;
      },
    });
    if (zstdNames.size > 0) Object.assign(out, expandZstdEntries(zip.bytes, zstdNames));
  } catch (error) {
    return { path: zip.path, error: unreadable(error) };
  }
  const files = Object.entries(out).map(([name, bytes]) => ({ path: `${prefix}/${safeEntryName(name)}`, bytes }));
  return { files };
}

/** The Zstandard entries of a zip, by name, each checked against its declared size. */
function expandZstdEntries(bytes: Uint8Array, wanted: ReadonlySet<string>): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const entry of readZipDirectory(bytes)) {
    if (!wanted.has(entry.name)) continue;
    const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    try {
      out[entry.name] = unzstdBounded(data, entry.originalSize);
    } catch (error) {
      throw new Error(`Zstandard entry "${entry.name}": ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return out;
}

/**
 * Replaces every zip of a batch by its entries; a refused archive becomes a rejection. `headOf` gives a file's
 * first four bytes without reading it whole (a batch read lazily from disk).
 */
export function expandArchives(
  files: InputFile[],
  budget: ExpansionBudget = new ExpansionBudget(),
  headOf?: (file: InputFile) => Uint8Array,
): { files: InputFile[]; rejected: FileRejection[] } {
  const result: InputFile[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (!isZip(file, headOf?.(file))) {
      result.push(file);
      continue;
    }
    const expanded = expandZip(file, budget);
    if ("error" in expanded) rejected.push(expanded);
    else for (const f of expanded.files) result.push(f);
  }
  return { files: result, rejected };
}
