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
  maxEntries: number;
  maxExpandedBytes: number;
  maxDepth: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 20_000,
  maxExpandedBytes: 512 * 1024 * 1024,
  maxDepth: 32,
};

/** An archive to expand: a .zip, or zip bytes under another name — except Inspect's .eval logs (zips that the
 *  inspect format reads whole, so their rollouts point at `log.eval#sample`). */
export function isZip(file: InputFile): boolean {
  const name = file.path.toLowerCase();
  if (name.endsWith(".eval")) return false;
  const b = file.bytes;
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

/**
 * Expands a zip into files under `<zip name without .zip>/…`. Entry count, declared expanded size and depth are
 * checked over the whole central directory before anything is inflated (a zip bomb is refused whole, without
 * inflating its first 512 MB); a traversal name refuses the archive too. fflate inflates each stored or deflated
 * entry into a buffer of its declared size, and a Zstandard entry is refused once it produces more than its
 * declared size, so an entry that lies about its size cannot expand past it. An archive with no files is
 * refused, so it is reported rather than silently vanishing from the batch.
 */
export function expandZip(
  zip: InputFile,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): { files: InputFile[] } | FileRejection {
  const prefix = zip.path.replace(/\.zip$/i, "");
  let entries = 0;
  let declared = 0;
  let problem: string | null = null;
  // First pass: read the directory only (the filter refuses every entry, so nothing is inflated).
  const survey = (info: UnzipFileInfo): boolean => {
    if (problem || info.name.endsWith("/")) return false;
    entries += 1;
    declared += info.originalSize;
    const safe = safeEntryName(info.name);
    if (safe === null) problem = `archive entry "${info.name}" points outside the archive (path traversal): refused`;
    else if (safe.split("/").length > limits.maxDepth)
      problem = `archive entry "${info.name}" is nested deeper than ${limits.maxDepth} folders`;
    else if (entries > limits.maxEntries) problem = `archive has more than ${limits.maxEntries} entries`;
    else if (declared > limits.maxExpandedBytes)
      problem = `archive expands to more than ${limits.maxExpandedBytes} bytes (zip bomb?)`;
    return false;
  };
  let out: Record<string, Uint8Array>;
  const zstdNames = new Set<string>();
  try {
    unzipSync(zip.bytes, { filter: survey });
    if (problem) return { path: zip.path, error: problem };
    if (entries === 0) return { path: zip.path, error: "archive holds no files (empty zip)" };
    out = unzipSync(zip.bytes, {
      filter: (info) => {
        if (info.compression === ZSTD) zstdNames.add(info.name);
        return !info.name.endsWith("/") && info.compression !== ZSTD;
      },
    });
    if (zstdNames.size > 0) Object.assign(out, expandZstdEntries(zip.bytes, zstdNames));
  } catch (error) {
    return {
      path: zip.path,
      error: `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const actual = Object.values(out).reduce((n, b) => n + b.byteLength, 0);
  if (actual > limits.maxExpandedBytes)
    return { path: zip.path, error: `archive expands to more than ${limits.maxExpandedBytes} bytes (zip bomb?)` };
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
      throw new Error(`Zstandard entry "${entry.name}": ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}

/** Replaces every zip of a batch by its entries; a refused archive becomes a rejection. */
export function expandArchives(
  files: InputFile[],
  limits?: ArchiveLimits,
): { files: InputFile[]; rejected: FileRejection[] } {
  const result: InputFile[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (!isZip(file)) {
      result.push(file);
      continue;
    }
    const expanded = expandZip(file, limits);
    if ("error" in expanded) rejected.push(expanded);
    else result.push(...expanded.files);
  }
  return { files: result, rejected };
}
