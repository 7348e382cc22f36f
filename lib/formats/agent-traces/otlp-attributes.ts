import { asObject, numberOrNull, stringOrNull } from "../trace-input";
import type { Json, JsonObject } from "../types";

/**
 * OTLP/JSON attribute lists (`[{key, value: {stringValue | intValue | doubleValue | boolValue | arrayValue |
 * kvlistValue | bytesValue}}]`) as plain values. int64s arrive as JSON strings (the protobuf JSON mapping); they
 * become numbers when they are safe integers.
 */
export type Attributes = Map<string, Json>;

export function anyValue(value: Json | undefined): Json {
  const v = asObject(value);
  if (!v) return null;
  if ("stringValue" in v) return stringOrNull(v.stringValue);
  if ("boolValue" in v) return v.boolValue === true;
  if ("intValue" in v) {
    const n = typeof v.intValue === "string" ? Number(v.intValue) : numberOrNull(v.intValue);
    return n !== null && Number.isSafeInteger(n) ? n : stringOrNull(v.intValue);
  }
  if ("doubleValue" in v)
    return typeof v.doubleValue === "string" ? Number(v.doubleValue) : numberOrNull(v.doubleValue);
  if ("arrayValue" in v) {
    const values = asObject(v.arrayValue)?.values;
    return Array.isArray(values) ? values.map(anyValue) : [];
  }
  if ("kvlistValue" in v) {
    const out: JsonObject = {};
    const values = asObject(v.kvlistValue)?.values;
    for (const [key, item] of attributes(Array.isArray(values) ? values : [])) out[key] = item;
    return out;
  }
  if ("bytesValue" in v) return stringOrNull(v.bytesValue);
  return null;
}

export function attributes(list: Json | undefined): Attributes {
  const out: Attributes = new Map();
  if (!Array.isArray(list)) return out;
  for (const entry of list) {
    const e = asObject(entry);
    const key = stringOrNull(e?.key);
    if (key !== null) out.set(key, anyValue(e?.value));
  }
  return out;
}

export function str(attrs: Attributes, key: string): string | null {
  const v = attrs.get(key);
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : null;
}

export function num(attrs: Attributes, key: string): number | null {
  const v = attrs.get(key);
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Attributes as a JSON object, for a step's extra. */
export function attributesObject(attrs: Attributes, skip: (key: string) => boolean = () => false): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of attrs) if (!skip(key)) out[key] = value;
  return out;
}

/**
 * Flattened indexed attributes (OpenInference `llm.output_messages.0.message.content`): the entries under
 * `prefix`, grouped by their index, each group's rest of key → value. Groups come back in index order.
 */
export function indexed(attrs: Attributes, prefix: string): Map<string, Json>[] {
  const groups = new Map<number, Map<string, Json>>();
  for (const [key, value] of attrs) {
    if (!key.startsWith(prefix)) continue;
    const match = /^(\d+)\.(.+)$/.exec(key.slice(prefix.length));
    if (!match) continue;
    const index = Number(match[1]);
    let group = groups.get(index);
    if (!group) groups.set(index, (group = new Map<string, Json>()));
    group.set(match[2]!, value);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}

/** Nanoseconds since the epoch (a JSON string or number) as ISO 8601; null when absent or zero. */
export function nanosToIso(value: Json | undefined): string | null {
  const text = typeof value === "number" ? String(Math.trunc(value)) : stringOrNull(value);
  if (text === null || !/^\d{1,22}$/.test(text) || /^0+$/.test(text)) return null;
  const millis = Number(BigInt(text) / 1_000_000n);
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Nanoseconds as a sortable bigint (0 when absent or not a number). */
export function nanos(value: Json | undefined): bigint {
  const text = typeof value === "number" ? String(Math.trunc(value)) : stringOrNull(value);
  return text !== null && /^\d{1,22}$/.test(text) ? BigInt(text) : 0n;
}
