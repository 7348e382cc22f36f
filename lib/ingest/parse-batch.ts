import { warnDuplicateKeys } from "./duplicate-keys";
import { mayHoldNul, stripNul } from "./strip-nul";
import { describeJsonShape, readJsonFile } from "@/lib/formats/json";
import { FORMATS, FORMAT_IDS, forgetParsed, getFormat } from "@/lib/formats/registry";
import type { FileRejection, FormatId, FormatModule, InputFile, ParseOptions, ParseResult } from "@/lib/formats/types";

export interface BatchOptions extends ParseOptions {
  /** Force one format for every file (`--format`) instead of detecting. */
  format?: FormatId;
  /**
   * The batch's keys given twice are already on the rollouts it is read again for (a light parse of the same
   * files warned of them): no warnings are made.
   */
  keysWarned?: boolean;
}

export interface BatchResult extends ParseResult {
  /** Files no format claimed, with why. Not repeated in `rejected` (which holds the formats' rejections). */
  unclaimed: FileRejection[];
  /** Files ignored on purpose (dotfiles, README, folder litter), by path. */
  skipped: string[];
  /** Warnings about files of the batch that were read anyway: keys given twice (duplicate-keys.ts). */
  warnings: string[];
}

const LITTER = /^(readme|license|licence|changelog)(\..*)?$|\.(md|markdown)$|^(thumbs\.db|desktop\.ini)$/i;

/**
 * Files that are never results and are skipped silently: dotfiles (.DS_Store), anything inside a dot-folder
 * other than Silo's `.silo` (.git from an archive), macOS archive litter, and READMEs or other prose.
 */
export function isIgnorable(path: string): boolean {
  const segments = path.split("/");
  const name = segments[segments.length - 1] ?? "";
  const folders = segments.slice(0, -1);
  if (folders.some((s) => s === "__MACOSX" || (s.startsWith(".") && s !== ".silo" && s !== "." && s !== ".."))) {
    return true;
  }
  return name === "" || name.startsWith(".") || LITTER.test(name);
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A module's parse, with any exception it throws turned into rejections of its files. */
function safeParse(module: FormatModule, files: readonly InputFile[], options: ParseOptions): ParseResult {
  try {
    return module.parse(files, options);
  } catch (e) {
    const error = `internal error in the ${module.id} reader: ${reason(e)}`;
    return { runs: [], rejected: files.map((f) => ({ path: f.path, error })) };
  }
}

function safeClaim(module: FormatModule, files: readonly InputFile[]): Set<InputFile> {
  try {
    const offered = new Set(files);
    return new Set(module.claim(files).filter((f) => offered.has(f)));
  } catch {
    return new Set();
  }
}

/** Why no format took a file: a JSON file that does not parse says where; any other names the formats tried. */
export function unrecognisedReason(file: InputFile, tried: readonly string[]): string {
  const generic = `not a recognised result file (tried: ${tried.join(", ")})`;
  if (!/\.json$/i.test(file.path)) return generic;
  const decoded = readJsonFile(file);
  return decoded.ok ? `${generic}: found ${describeJsonShape(decoded.value)}` : decoded.error;
}

/**
 * Detect and parse a batch: each format claims files in registry order (a claimed file is not offered to the
 * next); `format` forces one module for every file. Never throws on bad input: a bad file becomes a
 * rejection and the rest of the batch still parses.
 */
export function parseBatch(files: readonly InputFile[], options: BatchOptions = {}): BatchResult {
  const { format, keysWarned, ...parseOptions } = options;
  const skipped = files
    .filter((f) => isIgnorable(f.path))
    .map((f) => f.path)
    .sort();
  let remaining = files.filter((f) => !isIgnorable(f.path));
  const results: ParseResult[] = [];

  if (format !== undefined) {
    const module = getFormat(format);
    if (!module) {
      const error = `format ${format} is not available (formats: ${FORMAT_IDS.join(", ")})`;
      return {
        runs: [],
        rejected: remaining.map((f) => ({ path: f.path, error })),
        unclaimed: [],
        skipped,
        warnings: [],
      };
    }
    if (remaining.length > 0) results.push(safeParse(module, remaining, parseOptions));
    remaining = [];
  } else {
    for (const module of FORMATS) {
      const claimed = safeClaim(module, remaining);
      if (claimed.size === 0) continue;
      results.push(
        safeParse(
          module,
          remaining.filter((f) => claimed.has(f)),
          parseOptions,
        ),
      );
      remaining = remaining.filter((f) => !claimed.has(f));
    }
  }

  const runs = mayHoldNul(files, parseOptions)
    ? results.flatMap((r) => r.runs).map(stripNul)
    : results.flatMap((r) => r.runs);
  const batch = {
    runs,
    rejected: results.flatMap((r) => r.rejected).sort(byPath),
    unclaimed: remaining.map((f) => ({ path: f.path, error: unrecognisedReason(f, FORMAT_IDS) })).sort(byPath),
    skipped,
    warnings: keysWarned ? [] : warnDuplicateKeys(runs, files),
  };
  forgetParsed(files);
  return batch;
}
