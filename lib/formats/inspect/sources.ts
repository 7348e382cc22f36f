import { expandZip, type ExpansionBudget } from "@/lib/archive/unzip";
import { sha256Hex } from "../hash";
import { isJsonObject, readJsonFile, type JsonDecodeResult } from "../json";
import { baseName, dirName, isInside } from "../paths";
import type { FileRejection, InputFile, Json } from "../types";
import { CHUNKED_LIMITS, chunkedSampleEntries, readChunkedSample, type ChunkedLimits } from "./chunked";

/**
 * Where Inspect logs sit in a batch: a `.json` EvalLog, a `.eval` zip, or a `.eval` zip already expanded into
 * a folder (header.json, samples/<id>_epoch_<n>.json or the chunked samples/<id>_epoch_<n>/…, summaries.json,
 * reductions.json, _journal/…), as the upload and CLI archive expansion leave it.
 */

/** An EvalLog header: `eval` with its task and model. */
export function isEvalHeader(value: Json | undefined): boolean {
  return (
    isJsonObject(value) &&
    isJsonObject(value.eval) &&
    typeof value.eval.task === "string" &&
    typeof value.eval.model === "string"
  );
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isEvalZip(file: InputFile): boolean {
  return /\.eval$/i.test(file.path) && ZIP_MAGIC.every((b, i) => file.bytes[i] === b);
}

/** The folder of an expanded .eval whose header (or journal start, for a log still running) this file is. */
export function expandedLogFolder(file: InputFile): string | null {
  const name = baseName(file.path);
  const dir = dirName(file.path);
  const isStart = name === "start.json" && baseName(dir) === "_journal";
  if (name !== "header.json" && !isStart) return null;
  const decoded = readJsonFile(file);
  if (!decoded.ok || !isEvalHeader(decoded.value)) return null;
  return isStart ? dirName(dir) : dir;
}

// A sample is one entry (samples/<id>_epoch_<n>.json) or, chunked, a folder of them (chunked.ts).
const ENTRY =
  /^(header\.json|summaries\.json|reductions\.json|samples\/[^/]+\.json|samples\/[^/]+\/(?:[^/]+\/)?[^/]+\.json|_journal\/.+)$/;

/** Path of an entry relative to its log folder. */
export function entryName(folder: string, path: string): string {
  return folder === "" ? path : path.slice(folder.length + 1);
}

/** The entries of an expanded log folder: its own names only, so other files beside it stay unclaimed. */
export function isLogEntry(folder: string, path: string): boolean {
  return isInside(folder, path) && ENTRY.test(entryName(folder, path));
}

export interface LogSample {
  value: Json;
  /** Field path of the sample in its file (`samples[0]` of a .json log), for messages. */
  prefix: PropertyKey[];
  /** The entry holding the sample inside a .eval zip, named in messages; "" otherwise. */
  entry: string;
  /** The rollout's source path; null: `<log>#<id>_epoch_<n>`, known once the sample is read. */
  sourcePath: string | null;
  sha256: string;
  files: string[];
  /** The files to reject when this sample is invalid (a chunked sample's every entry); empty: the whole log is. */
  ownFiles: string[];
}

export interface LogRead {
  /** The log's path: the .json or .eval file, or the expanded folder. */
  path: string;
  header: Json;
  samples: LogSample[];
  /** Why the whole log cannot be read; null when it can. */
  fatal: string | null;
  /** Sample files of an expanded log that could not be read (the rest of the log still is). */
  rejected: FileRejection[];
  /** Every file the log was read from (rejected together when the log is fatal). */
  files: string[];
  /** Entries of an expanded log that hold no sample (summaries, reductions, journal): kept with its first rollout. */
  extras: string[];
}

/** One sample of a log folder as read: a monolith entry, or a chunked sample's entries (`own`: its shell). */
interface SampleRead {
  stem: string;
  name: string;
  decoded: JsonDecodeResult;
  own: InputFile;
  files: InputFile[];
  /** The error naming the entry, when `decoded` failed. */
  error: string;
}

/** The log in a folder of entries; `archive` set when they came out of a .eval zip (sources then point at the zip). */
export function readFolderLog(
  folder: string,
  entries: readonly InputFile[],
  archive: InputFile | null,
  limits: ChunkedLimits = CHUNKED_LIMITS,
): LogRead {
  const byName = new Map(entries.map((f) => [entryName(folder, f.path), f]));
  const headerFile = byName.get("header.json") ?? byName.get("_journal/start.json");
  const read: LogRead = {
    path: archive?.path ?? folder,
    header: null,
    samples: [],
    fatal: null,
    rejected: [],
    files: archive ? [archive.path] : entries.map((f) => f.path),
    extras: [],
  };
  if (!headerFile) return { ...read, fatal: "no header.json in the Inspect log" };
  const decoded = readJsonFile(headerFile);
  if (!decoded.ok) return { ...read, fatal: `${entryName(folder, headerFile.path)}: ${decoded.error}` };
  read.header = decoded.value;

  const archiveSha = archive ? sha256Hex(archive.bytes) : null;
  const sampleFiles = entries.filter((f) => /^samples\/[^/]+\.json$/.test(entryName(folder, f.path)));
  const monoliths = new Set(sampleFiles.map((f) => baseName(f.path).replace(/\.json$/i, "")));
  // Inspect reads the monolith entry of a sample that has both shapes (format.py's classify_sample_shape).
  const chunked = [...chunkedSampleEntries(entries.map((f) => [entryName(folder, f.path), f]))].filter(
    ([stem]) => !monoliths.has(stem),
  );
  const used = new Set([headerFile.path, ...sampleFiles.map((f) => f.path)]);
  const reads: SampleRead[] = [
    ...sampleFiles.map((f) => {
      const name = entryName(folder, f.path);
      const decoded = readJsonFile(f);
      const stem = baseName(name).replace(/\.json$/i, "");
      return { stem, name, decoded, own: f, files: [f], error: decoded.ok ? "" : `${name}: ${decoded.error}` };
    }),
    ...chunked.map(([stem, own]) => {
      const files = [...own.values()];
      for (const f of files) used.add(f.path);
      const read = readChunkedSample(stem, own, limits);
      const decoded: JsonDecodeResult = read.ok ? { ok: true, value: read.value } : read;
      const shell = own.get("sample.json") ?? files[0]!;
      // Its errors already name the entry; each of its entries is refused with it.
      return {
        stem,
        name: `samples/${stem}/sample.json`,
        decoded,
        own: shell,
        files,
        error: read.ok ? "" : read.error,
      };
    }),
  ].sort((a, b) => a.stem.localeCompare(b.stem, "en", { numeric: true }));
  for (const { stem, name, decoded, own, files, error } of reads) {
    if (!decoded.ok) {
      if (archive) return { ...read, fatal: error };
      for (const f of files) read.rejected.push({ path: f.path, error: files.length === 1 ? decoded.error : error });
      continue;
    }
    read.samples.push(
      archive
        ? {
            value: decoded.value,
            prefix: [],
            entry: name,
            sourcePath: `${archive.path}#${stem}`,
            sha256: archiveSha!,
            files: [archive.path],
            ownFiles: [],
          }
        : {
            value: decoded.value,
            prefix: [],
            entry: "",
            sourcePath: own.path,
            sha256: sha256Hex(own.bytes),
            files: [own.path, ...files.filter((f) => f !== own).map((f) => f.path), headerFile.path],
            ownFiles: files.map((f) => f.path),
          },
    );
  }
  if (!archive) {
    read.extras = entries.filter((f) => !used.has(f.path)).map((f) => f.path);
  }
  return read;
}

/**
 * A .eval zip: expanded within the batch's archive budget (expanded bytes with each entry's overhead, depth,
 * traversal), then read as a folder.
 */
export function readZipLog(file: InputFile, budget?: ExpansionBudget, limits: ChunkedLimits = CHUNKED_LIMITS): LogRead {
  const expanded = expandZip(file, budget);
  if ("error" in expanded) {
    return {
      path: file.path,
      header: null,
      samples: [],
      fatal: expanded.error,
      rejected: [],
      files: [file.path],
      extras: [],
    };
  }
  return readFolderLog(file.path.replace(/\.zip$/i, ""), expanded.files, file, limits);
}

/** A .json EvalLog: its samples array (`samples[i]`). */
export function readJsonLog(file: InputFile): LogRead {
  const decoded = readJsonFile(file);
  const read: LogRead = {
    path: file.path,
    header: null,
    samples: [],
    fatal: null,
    rejected: [],
    files: [file.path],
    extras: [],
  };
  if (!decoded.ok) return { ...read, fatal: decoded.error };
  const value = decoded.value;
  const list = isJsonObject(value) && Array.isArray(value.samples) ? value.samples : [];
  const sha256 = sha256Hex(file.bytes);
  read.header = value;
  read.samples = list.map((v, i) => ({
    value: v,
    prefix: ["samples", i],
    entry: "",
    sourcePath: null,
    sha256,
    files: [file.path],
    ownFiles: [],
  }));
  return read;
}
