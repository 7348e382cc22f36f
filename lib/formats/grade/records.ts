import type { z } from "zod";
import { decodeText, formatPath, isJsonObject, parseJsonText, readJsonFile, zodIssuesToMessage } from "../json";
import { baseName } from "../paths";
import type { InputFile, Json, JsonObject } from "../types";

/**
 * Files that hold records one by one (grades, rubric verdicts): one JSON object, a JSON array of objects,
 * an object wrapping the array under a known key (`{"verdicts": [...]}`), or JSON lines (one object a line,
 * `.jsonl` / `.ndjson`, or a `.json` file that only parses line by line).
 */
export interface JsonRecord {
  value: Json;
  /** Where the record sits, for messages: "" (the whole file), "[2]", "verdicts[2]" or "line 3". */
  where: string;
  /** Field path prefix of the record for zod paths (empty for a whole file or a JSON line). */
  prefix: PropertyKey[];
}

export type RecordsRead =
  | {
      ok: true;
      records: JsonRecord[];
      /** The wrapping object, when records sat under a key of it. */ top: JsonObject | null;
    }
  | {
      ok: false;
      error: string;
      /** JSON lines read before the bad one, so a detector can still recognise the file. */ partial?: JsonRecord[];
    };

const LINES_NAME = /\.(jsonl|ndjson)$/i;

export function isRecordFileName(path: string): boolean {
  return /\.json$/i.test(path) || LINES_NAME.test(path);
}

function readLines(text: string): RecordsRead {
  const records: JsonRecord[] = [];
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parsed = parseJsonText(line);
    if (!parsed.ok) {
      return {
        ok: false,
        error: `line ${i + 1}: ${parsed.error.replace(/ at line 1 column /, " at column ")}`,
        partial: records,
      };
    }
    records.push({ value: parsed.value, where: `line ${i + 1}`, prefix: [] });
  }
  if (records.length === 0) return { ok: false, error: "empty file" };
  return { ok: true, records, top: null };
}

function fromValue(value: Json, wrapperKeys: readonly string[]): RecordsRead {
  if (Array.isArray(value)) {
    return { ok: true, top: null, records: value.map((v, i) => ({ value: v, where: `[${i}]`, prefix: [i] })) };
  }
  if (isJsonObject(value)) {
    for (const key of wrapperKeys) {
      const list = value[key];
      if (!Array.isArray(list)) continue;
      return {
        ok: true,
        top: value,
        records: list.map((v, i) => ({ value: v, where: formatPath([key, i]), prefix: [key, i] })),
      };
    }
  }
  return { ok: true, top: null, records: [{ value, where: "", prefix: [] }] };
}

const cache = new WeakMap<InputFile, Map<string, RecordsRead>>();

/** The records of a file (memoised per file and wrapper keys: claim and parse both read them). */
export function readRecords(file: InputFile, wrapperKeys: readonly string[]): RecordsRead {
  const cacheKey = wrapperKeys.join(",");
  let perFile = cache.get(file);
  const known = perFile?.get(cacheKey);
  if (known) return known;
  let result: RecordsRead;
  if (LINES_NAME.test(baseName(file.path))) {
    const text = file.bytes.length === 0 ? "" : decodeText(file.bytes);
    result = text === null ? { ok: false, error: "not UTF-8 text (is this a binary file?)" } : readLines(text);
  } else {
    const decoded = readJsonFile(file);
    if (decoded.ok) result = fromValue(decoded.value, wrapperKeys);
    else {
      // A .json file of JSON lines: accepted when every line parses on its own.
      const text = decodeText(file.bytes);
      const lines = text !== null && text.trim().includes("\n") ? readLines(text) : null;
      result = lines?.ok && lines.records.length > 1 ? lines : decoded;
    }
  }
  if (!perFile) cache.set(file, (perFile = new Map<string, RecordsRead>()));
  perFile.set(cacheKey, result);
  return result;
}

/** Drops the memoised reads of these files (see forgetJson). */
export function forgetRecords(files: Iterable<InputFile>): void {
  for (const file of files) cache.delete(file);
}

/** The records a detector can look at: all of them, or those before a bad JSON line. */
export function recordsSeen(read: RecordsRead): JsonRecord[] {
  return read.ok ? read.records : (read.partial ?? []);
}

/** zod issues of one record, with paths from the file's root ("[2].subscores.x") or its line ("line 3: …"). */
export function recordIssues(record: JsonRecord, issues: readonly z.core.$ZodIssue[]): string {
  const shifted = issues.map((issue) => ({ ...issue, path: [...record.prefix, ...issue.path] }));
  const message = zodIssuesToMessage(shifted);
  return record.where.startsWith("line ") ? `${record.where}: ${message}` : message;
}

/** A record that is not an object, described by where it sits. */
export function notAnObject(record: JsonRecord, what: string): string {
  const where = record.where === "" ? "" : `${record.where}: `;
  return `${where}expected ${what} (a JSON object)`;
}

/** The first present field of a record among `names`, as a string (numbers accepted: task ids are often numbers). */
export function firstId(raw: JsonObject, names: readonly string[]): { field: string; value: string } | null {
  for (const name of names) {
    const v = raw[name];
    if (typeof v === "string" && v.trim() !== "") return { field: name, value: v };
    if (typeof v === "number" && Number.isFinite(v)) return { field: name, value: String(v) };
  }
  return null;
}

/** A file's name without its JSON extension: `runs/exploit-pass.json` -> `exploit-pass`. */
export function fileStem(path: string): string {
  const name = baseName(path).replace(/\.(jsonl|ndjson|json)$/i, "");
  return name === "" ? baseName(path) : name;
}

/** The path without its JSON extension, used as a rollout id when the data gives none. */
export function pathStem(path: string): string {
  return path.replace(/\.(jsonl|ndjson|json)$/i, "");
}
