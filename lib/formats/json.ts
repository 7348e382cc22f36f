import type { z } from "zod";
import { count } from "@/lib/scoring/core/numbers";
import type { InputFile, Json, JsonObject } from "./types";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "./json-depth";
import { locateJsonError } from "./json-position";
import { fileHead, fileIncludes } from "./sniff";

export type JsonDecodeResult = { ok: true; value: Json } | { ok: false; error: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf16le = new TextDecoder("utf-16le", { fatal: true });
const utf16be = new TextDecoder("utf-16be", { fatal: true });

/**
 * Text of a file: UTF-8 (a leading BOM dropped), or UTF-16 when the file starts with a UTF-16 byte order mark
 * (as Windows PowerShell writes redirected output). null when the bytes are not text in those encodings.
 */
export function decodeText(bytes: Uint8Array): string | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16le.decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be.decode(bytes);
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Whether a file can hold the JSON key `"<key>"`: a byte search that lets a detector skip parsing (and
 * caching) the thousands of files of a batch that cannot be its format. Never a false "no": UTF-16 files
 * and files with \u escapes (a key could be spelled with them) answer true and are parsed as before. Given the
 * file rather than its bytes, a sniffed batch (sniff.ts) answers without reading it again.
 */
export function mayHoldKey(source: Uint8Array | InputFile, key: string): boolean {
  if (!(source instanceof Uint8Array)) {
    const head = fileHead(source);
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
    return fileIncludes(source, `"${key}"`) || fileIncludes(source, "\\u");
  }
  const bytes = source;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.includes(`"${key}"`) || buffer.includes("\\u");
}

/** What mayHoldKey searches a file for (sniff.ts answers them for a batch in one read). */
export const keyNeedles = (keys: readonly string[]): string[] => [...keys.map((k) => `"${k}"`), "\\u"];

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * V8's message without its position suffix or its quotation of the input (which can be long or hostile), and
 * with the unexpected character escaped when it is a control character: a file of zeros gives "Unexpected token
 * '\u0000'", which PostgreSQL cannot store as text and a terminal does not show.
 */
function describeSyntaxError(message: string): string {
  return (
    message
      .replace(/, (?:\.\.\.)?".*is not valid JSON$/s, "")
      .replace(/ in JSON at position \d+.*$/s, "")
      // eslint-disable-next-line no-control-regex -- control characters are what this escapes
      .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .trim() || "syntax error"
  );
}

/**
 * Parse JSON text. Errors say what and where: "empty file",
 * "invalid JSON at line 1 column 62: Unterminated string", "JSON nested deeper than 512 levels".
 */
export function parseJsonText(text: string): JsonDecodeResult {
  if (text.trim() === "") return { ok: false, error: "empty file" };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const reported = /at position (\d+)/.exec(message);
    const offset = reported?.[1] !== undefined ? Number(reported[1]) : locateJsonError(text);
    const what = describeSyntaxError(message);
    if (offset === null) return { ok: false, error: `invalid JSON: ${what}` };
    const { line, column } = lineColumn(text, offset);
    return { ok: false, error: `invalid JSON at line ${line} column ${column}: ${what}` };
  }
  // Checked iteratively right after parsing: code after this point may recurse once per level.
  if (nestedDeeperThan(value, MAX_JSON_DEPTH))
    return { ok: false, error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  return { ok: true, value };
}

/** The most characters one JavaScript string holds (V8, 64-bit): a longer file cannot be read as one text. */
export const MAX_TEXT_CHARS = 536_870_888;

/** Why bytes decodeText gave null for did not decode: too long for one string, or not text. */
export function undecodedWhy(bytes: Pick<Uint8Array, "byteLength">): string {
  return bytes.byteLength > MAX_TEXT_CHARS
    ? `too big to read as one text (${count(bytes.byteLength)} bytes; at most ${count(MAX_TEXT_CHARS)} characters)`
    : "not UTF-8 text (is this a binary file?)";
}

/** Decode bytes as UTF-8 or BOM-marked UTF-16 (BOM stripped) and parse them as JSON. */
export function parseJsonBytes(bytes: Uint8Array): JsonDecodeResult {
  if (bytes.length === 0) return { ok: false, error: "empty file" };
  const text = decodeText(bytes);
  if (text === null) return { ok: false, error: undecodedWhy(bytes) };
  return parseJsonText(text);
}

const decoded = new WeakMap<InputFile, JsonDecodeResult>();

/**
 * parseJsonBytes, memoised per file object: claim and parse both read the same files. The memo keeps every
 * parsed tree alive as long as its file, so whoever parses a batch releases it after (forgetParsed in lib/formats/registry.ts).
 */
export function readJsonFile(file: InputFile): JsonDecodeResult {
  let result = decoded.get(file);
  if (!result) {
    result = parseJsonBytes(file.bytes);
    decoded.set(file, result);
  }
  return result;
}

/** The last read of a file: its memoised parse (then forgotten) or a fresh one that is not memoised. */
export function takeJsonFile(file: InputFile): JsonDecodeResult {
  const result = decoded.get(file) ?? parseJsonBytes(file.bytes);
  decoded.delete(file);
  return result;
}

/** Drops the memoised parses of these files (lib/ingest/parse-batch.ts, once a batch is parsed). */
export function forgetJson(files: Iterable<InputFile>): void {
  for (const file of files) decoded.delete(file);
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A short description of a JSON value's shape, for messages ("an array of 3 items"). */
export function describeJsonShape(value: Json): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "an empty JSON object";
    const shown = keys.slice(0, 6).join(", ");
    return `a JSON object with keys ${shown}${keys.length > 6 ? ", …" : ""}`;
  }
  return value === null ? "JSON null" : `a JSON ${typeof value}`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A field path as a reader writes it: `checks[0].label`, `tasks[2]["odd key"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && IDENTIFIER.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function issueText(issue: z.core.$ZodIssue): string {
  const text = issue.message.replace(/^Invalid input: /, "");
  const missing = /^expected (.+), received undefined$/.exec(text);
  return missing ? `missing (expected ${missing[1]})` : text;
}

/**
 * zod issues as one line: "reward: expected number, received string; checks[0].label: missing (expected string)".
 * At most `limit` issues are listed.
 */
export function zodIssuesToMessage(issues: readonly z.core.$ZodIssue[], limit = 5): string {
  const parts = issues.slice(0, limit).map((issue) => {
    const where = formatPath(issue.path);
    return where === "" ? issueText(issue) : `${where}: ${issueText(issue)}`;
  });
  if (issues.length > limit) parts.push(`and ${issues.length - limit} more`);
  return parts.join("; ");
}
