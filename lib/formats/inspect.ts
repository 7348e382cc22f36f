import { isJsonObject, mayHoldKey, readJsonFile } from "./json";
import { logRun } from "./inspect/run";
import {
  expandedLogFolder,
  isEvalHeader,
  isEvalZip,
  isLogEntry,
  readFolderLog,
  readJsonLog,
  readZipLog,
  type LogRead,
} from "./inspect/sources";
import type { FileRejection, FormatModule, InputFile, NormalizedRun, ParseOptions, ParseResult } from "./types";

export { valueVerdict } from "./inspect/values";

/** A `.json` EvalLog: an object with `eval` {task, model} and the log's own fields. */
function isJsonLog(file: InputFile): boolean {
  if (!/\.json$/i.test(file.path) || !mayHoldKey(file, "eval")) return false;
  const decoded = readJsonFile(file);
  if (!decoded.ok || !isEvalHeader(decoded.value) || !isJsonObject(decoded.value)) return false;
  const v = decoded.value;
  return "samples" in v || "results" in v || "status" in v || "version" in v;
}

function logFolders(files: readonly InputFile[]): string[] {
  const folders = new Set<string>();
  for (const f of files) {
    const folder = expandedLogFolder(f);
    if (folder !== null) folders.add(folder);
  }
  // Deepest first, so a log nested in another log's folder keeps its own entries.
  return [...folders].sort((a, b) => b.length - a.length);
}

interface Layout {
  folders: Map<string, InputFile[]>;
  zips: InputFile[];
  jsonLogs: InputFile[];
  other: InputFile[];
}

function layout(files: readonly InputFile[]): Layout {
  const folders = new Map(logFolders(files).map((f) => [f, [] as InputFile[]]));
  const out: Layout = { folders, zips: [], jsonLogs: [], other: [] };
  for (const file of files) {
    const folder = [...folders.keys()].find((dir) => isLogEntry(dir, file.path));
    if (folder !== undefined) folders.get(folder)!.push(file);
    else if (isEvalZip(file)) out.zips.push(file);
    else if (isJsonLog(file)) out.jsonLogs.push(file);
    else out.other.push(file);
  }
  return out;
}

function claim(files: readonly InputFile[]): InputFile[] {
  const { other } = layout(files);
  const unclaimed = new Set(other);
  return files.filter((f) => !unclaimed.has(f));
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const { folders, zips, jsonLogs, other } = layout(files);
  const reads: LogRead[] = [
    ...[...folders].map(([folder, entries]) => readFolderLog(folder, entries, null)),
    ...zips.map((zip) => readZipLog(zip, options.archives)),
    ...jsonLogs.map(readJsonLog),
  ];
  const runs: NormalizedRun[] = [];
  const rejected: FileRejection[] = other.map((f) => ({
    path: f.path,
    error: "not an Inspect AI log (expected a .json EvalLog with eval.task and eval.model, or a .eval archive)",
  }));
  for (const read of reads) {
    const result = logRun(read, options);
    if (result.run) runs.push(result.run);
    for (const r of result.rejected) rejected.push(r);
  }
  return { runs, rejected };
}

/**
 * Inspect AI logs (docs/formats.md): one run per log (.json, .eval zip, or an expanded .eval folder); samples × epochs
 * → rollouts `<sample id>#<epoch>`; each scorer's value a required check (C/I/P/N → 1 / 0 / 0.5 / not graded).
 */
export const inspectFormat: FormatModule = { id: "inspect", claim, parse, detectKeys: ["eval"] };
