import { z } from "zod";
import { rawTrace, type TraceRead } from "@/lib/traces";
import { decodeText, isJsonObject, parseJsonBytes, parseJsonText, undecodedWhy, zodIssuesToMessage } from "./json";
import type { InputFile, Json, JsonObject } from "./types";

/**
 * What every trace reader needs between the bytes of a rollout's files and lib/traces: find the trace file,
 * parse it (a file that does not parse becomes a raw-text result with why, never an exception), validate
 * items with zod one at a time (one odd step does not lose the trace), and keep every unmapped field.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; read: TraceRead };

/**
 * `read` memoised on a file's bytes, for readers of files that hold many rollouts (a tau-bench results list,
 * an Inspect JSON log): ingest reads each rollout's trace, and parsing the whole file once per rollout would
 * be quadratic. The memo lives as long as the bytes do. Contract: callers never mutate what `read` returns.
 */
export function memoOnBytes<T>(read: (file: InputFile) => T): (file: InputFile) => T {
  const memo = new WeakMap<Uint8Array, T>();
  return (file) => {
    let value = memo.get(file.bytes);
    if (value === undefined) {
      value = read(file);
      memo.set(file.bytes, value);
    }
    return value;
  };
}

export function parseTraceJson(file: InputFile): Parsed<Json> {
  const decoded = parseJsonBytes(file.bytes);
  return decoded.ok
    ? { ok: true, value: decoded.value }
    : { ok: false, read: rawTrace(file.path, file.bytes, decoded.error) };
}

export interface JsonLines {
  values: Json[];
  /** The line number (from 1) of each value, so a reader can name the line a value came from. */
  lines: number[];
  /** Lines that did not parse, as warnings ("trace.jsonl line 7 skipped: invalid JSON …"). */
  warnings: string[];
}

const MAX_LINE_WARNINGS = 20;

/**
 * A JSON-lines file. Lines that do not parse are skipped with a warning (a harness killed mid-write leaves a
 * cut last line, and the steps before it still tell what happened); a file with no parsable line is raw text.
 */
export function parseTraceJsonLines(file: InputFile): Parsed<JsonLines> {
  const text = decodeText(file.bytes);
  if (text === null) return { ok: false, read: rawTrace(file.path, file.bytes, undecodedWhy(file.bytes)) };
  const values: Json[] = [];
  const lineNumbers: number[] = [];
  const warnings: string[] = [];
  let bad = 0;
  let firstError: string | null = null;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const decoded = parseJsonText(line);
    if (decoded.ok) {
      values.push(decoded.value);
      lineNumbers.push(i + 1);
      continue;
    }
    bad++;
    firstError ??= `line ${i + 1}: ${decoded.error}`;
    if (bad <= MAX_LINE_WARNINGS) warnings.push(`${file.path} line ${i + 1} skipped: ${decoded.error}`);
  }
  if (bad > MAX_LINE_WARNINGS) warnings.push(`and ${bad - MAX_LINE_WARNINGS} more lines skipped`);
  if (values.length === 0)
    return { ok: false, read: rawTrace(file.path, file.bytes, firstError ?? "empty file: no JSON lines") };
  return { ok: true, value: { values, lines: lineNumbers, warnings } };
}

/** The fields of an object that a reader did not map. */
export function unmapped(value: JsonObject, mapped: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) if (!mapped.has(key)) out[key] = v;
  return out;
}

/**
 * The unmapped fields of a step's parts (tool calls, results), kept in the step's extra under `key` as a list
 * parallel to the parts; nothing is added when no part has any.
 */
export function keepPartFields(
  extra: JsonObject,
  key: string,
  parts: readonly Json[],
  mapped: ReadonlySet<string>,
): void {
  const rest = parts.map((part) => unmapped(asObject(part) ?? {}, mapped));
  if (rest.some((r) => Object.keys(r).length > 0)) extra[key] = rest;
}

/** One item checked against its schema; the failure names the item ("steps[3]: source: …"). */
export function checkItem<S extends z.ZodType>(
  schema: S,
  value: Json | undefined,
  where: string,
): { ok: true; data: z.infer<S> } | { ok: false; error: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, error: `${where}: ${zodIssuesToMessage(parsed.error.issues, 3)}` };
}

export function asObject(value: Json | undefined): JsonObject | null {
  return isJsonObject(value) ? value : null;
}

/** A number only when it is one (finite); null otherwise. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** Text for a step: a string as is, anything else as compact JSON; null for absent or empty. */
export function textOf(value: Json | undefined): string | null {
  if (value === undefined || value === null || value === "") return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Tool arguments as a value: a JSON string (OpenAI's `function.arguments`) parsed when it parses. */
export function parseArguments(value: Json | undefined): Json {
  if (typeof value !== "string") return value ?? null;
  const decoded = parseJsonText(value);
  return decoded.ok ? decoded.value : value;
}

/** Any JSON value, typed as one (the input was parsed from JSON, so no further check is needed). */
export const ZJsonValue = z.custom<Json>(() => true);
