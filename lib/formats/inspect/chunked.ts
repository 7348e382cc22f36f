import { describeBytes } from "@/lib/archive/unzip";
import { formatPath, isJsonObject, readJsonFile } from "../json";
import type { InputFile, Json, JsonObject } from "../types";

/*
 * Inspect's chunked sample layout inside a .eval (its design/large-samples.md): a sample is the folder
 * `samples/<id>_epoch_<n>/` holding a shell (`sample.json`: the sample without its messages, events and
 * attachments, the final conversation as `message_refs`), `metadata.json` when the metadata is not empty, and
 * four sequences cut into chunks named by their first index: `messages/<start>.json` (the events' message pool
 * with the final conversation's messages), `events/<start>.json`, `calls/<start>.json` (wire request messages)
 * and `attachments/<start>.json` (strings, referenced as `attachment://<index>`). The sidecars (skeleton.json,
 * events/stats.json, events/uuids.json) are derived data Tally does not need. Reassembled here into the object
 * a monolith `samples/<id>_epoch_<n>.json` holds, so one parser reads both.
 */

export interface ChunkedLimits {
  /** Bytes one entry of a chunked sample may hold (Inspect writes 1,000 items or ~10 MiB of attachments). */
  maxEntryBytes: number;
  /** Characters of attachments one sample may substitute for its `attachment://` references, repeats counted. */
  maxResolvedChars: number;
  /**
   * Messages `message_refs` may expand to: ranges may repeat, so a small shell could otherwise name billions
   * (Inspect's largest reference sample has 129,676 messages).
   */
  maxConversation: number;
}

export const CHUNKED_LIMITS: ChunkedLimits = {
  maxEntryBytes: 256 * 1024 * 1024,
  maxResolvedChars: 512 * 1024 * 1024,
  maxConversation: 1_000_000,
};

/** `samples/<stem>/<rest>`: an entry of a chunked sample. */
const CHUNKED_ENTRY = /^samples\/([^/]+)\/(.+)$/;
const SEQUENCES = ["messages", "events", "calls", "attachments"] as const;
type Sequence = (typeof SEQUENCES)[number];
const SIDECARS = new Set(["skeleton.json", "events/stats.json", "events/uuids.json"]);
const CHUNK = /^(messages|events|calls|attachments)\/(0|[1-9]\d*)\.json$/;
const REF = /^attachment:\/\/(\d+)$/;

/** The chunked samples among a log's entries (names relative to the log): stem → its entries by inner name. */
export function chunkedSampleEntries(entries: readonly [string, InputFile][]): Map<string, Map<string, InputFile>> {
  const out = new Map<string, Map<string, InputFile>>();
  for (const [name, file] of entries) {
    const m = CHUNKED_ENTRY.exec(name);
    if (!m) continue;
    const own = out.get(m[1]!) ?? new Map<string, InputFile>();
    own.set(m[2]!, file);
    out.set(m[1]!, own);
  }
  return out;
}

export type ChunkedRead = { ok: true; value: JsonObject } | { ok: false; error: string };

class ChunkedError extends Error {}

function parseEntry(name: string, file: InputFile, limits: ChunkedLimits): Json {
  if (file.bytes.byteLength > limits.maxEntryBytes)
    throw new ChunkedError(
      `${name}: ${describeBytes(file.bytes.byteLength)}, over the ${describeBytes(limits.maxEntryBytes)} one entry of a chunked sample may hold`,
    );
  const decoded = readJsonFile(file);
  if (!decoded.ok) throw new ChunkedError(`${name}: ${decoded.error}`);
  return decoded.value;
}

/** One sequence's items in order; its chunks must start where the ones before end (no gap, no overlap). */
function readSequence(prefix: string, sequence: Sequence, chunks: [number, InputFile][], limits: ChunkedLimits) {
  const items: Json[] = [];
  const names: { name: string; start: number }[] = [];
  for (const [start, file] of chunks.sort((a, b) => a[0] - b[0])) {
    const name = `${prefix}/${sequence}/${start}.json`;
    if (start !== items.length)
      throw new ChunkedError(
        `${name}: the chunk starts at ${sequence} ${start} but the chunks before it end at ${items.length} ` +
          `(${start > items.length ? "a gap" : "an overlap"})`,
      );
    const value = parseEntry(name, file, limits);
    if (!Array.isArray(value)) throw new ChunkedError(`${name}: expected a JSON array of ${sequence}`);
    names.push({ name, start });
    for (const item of value) items.push(item);
  }
  return { items, names };
}

/** Where a value sits in its entry, kept as a chain so that only an error builds the path. */
type Where = { up: Where; key: PropertyKey } | null;

function pathOf(where: Where): string {
  const keys: PropertyKey[] = [];
  for (let w = where; w !== null; w = w.up) keys.unshift(w.key);
  return formatPath(keys) || "value";
}

/**
 * Replaces every `attachment://<index>` string by its attachment, counting what it substitutes. A container
 * none of whose strings is a reference is returned as it is, so what holds none is not copied.
 */
class Resolver {
  private resolved = 0;

  constructor(
    private readonly attachments: readonly string[],
    private readonly limits: ChunkedLimits,
  ) {}

  resolve(value: Json, entry: string, where: Where): Json {
    if (typeof value === "string") {
      const index = REF.exec(value)?.[1];
      if (index === undefined) return value;
      const text = this.attachments[Number(index)];
      if (text === undefined)
        throw new ChunkedError(
          `${entry}: ${pathOf(where)}: ${value} is not among the sample's ${this.attachments.length} attachments`,
        );
      this.resolved += text.length;
      if (this.resolved > this.limits.maxResolvedChars)
        throw new ChunkedError(
          `${entry}: ${pathOf(where)}: the sample's attachment references expand to more than ` +
            `${this.limits.maxResolvedChars} characters`,
        );
      return text;
    }
    if (Array.isArray(value)) {
      let out: Json[] | null = null;
      value.forEach((v, i) => {
        const r = this.resolve(v, entry, { up: where, key: i });
        if (r !== v) (out ??= [...value])[i] = r;
      });
      return out ?? value;
    }
    if (isJsonObject(value)) {
      let out: JsonObject | null = null;
      for (const [k, v] of Object.entries(value)) {
        const r = this.resolve(v, entry, { up: where, key: k });
        if (r !== v) (out ??= { ...value })[k] = r;
      }
      return out ?? value;
    }
    return value;
  }

  /** A sequence's items resolved, each error naming the chunk entry holding the item. */
  resolveItems(items: Json[], names: { name: string; start: number }[]): Json[] {
    let chunk = 0;
    return items.map((item, i) => {
      while (chunk + 1 < names.length && names[chunk + 1]!.start <= i) chunk += 1;
      const at = names[chunk]!;
      return this.resolve(item, at.name, { up: null, key: i - at.start });
    });
  }
}

/** `message_refs`: half-open [start, end) ranges into the message sequence, expanded in order. */
function expandRefs(refs: Json | undefined, messages: readonly Json[], shellName: string, max: number): Json[] {
  if (refs === undefined) return [];
  if (!Array.isArray(refs)) throw new ChunkedError(`${shellName}: message_refs: expected a list of [start, end) pairs`);
  const out: Json[] = [];
  refs.forEach((ref, i) => {
    const [start, end] = Array.isArray(ref) && ref.length === 2 ? ref : [];
    if (!Number.isInteger(start) || !Number.isInteger(end))
      throw new ChunkedError(`${shellName}: message_refs[${i}]: expected a [start, end) pair of integers`);
    const [s, e] = [start as number, end as number];
    if (s < 0 || e < s || e > messages.length)
      throw new ChunkedError(
        `${shellName}: message_refs[${i}]: [${s}, ${e}) is outside the ${messages.length} messages`,
      );
    if (out.length + (e - s) > max)
      throw new ChunkedError(`${shellName}: message_refs[${i}]: the conversation passes ${max} messages`);
    for (let k = s; k < e; k++) out.push(messages[k]!);
  });
  return out;
}

/**
 * One chunked sample (`stem` = `<id>_epoch_<n>`, `entries` by their name inside its folder) as the object its
 * monolith entry would hold: the shell's fields, `metadata`, `messages` (from `message_refs`), `events`, and
 * `events_data` {messages, calls} (the pools the events' `input_refs` and `call_refs` point into), every
 * `attachment://<index>` replaced by its string. Errors name the entry and the field.
 */
export function readChunkedSample(
  stem: string,
  entries: ReadonlyMap<string, InputFile>,
  limits: ChunkedLimits = CHUNKED_LIMITS,
): ChunkedRead {
  const prefix = `samples/${stem}`;
  try {
    const shellFile = entries.get("sample.json");
    if (!shellFile)
      throw new ChunkedError(`${prefix}/sample.json: missing, though ${prefix}/ holds ${entries.size} entries`);
    const chunks = new Map<Sequence, [number, InputFile][]>(SEQUENCES.map((s) => [s, []]));
    for (const [name, file] of entries) {
      const m = CHUNK.exec(name);
      if (m) chunks.get(m[1] as Sequence)!.push([Number(m[2]), file]);
      else if (name !== "sample.json" && name !== "metadata.json" && !SIDECARS.has(name))
        throw new ChunkedError(
          `${prefix}/${name}: not an entry of a chunked sample (a chunk is <sequence>/<start>.json)`,
        );
    }
    const shellName = `${prefix}/sample.json`;
    const shell = parseEntry(shellName, shellFile, limits);
    if (!isJsonObject(shell)) throw new ChunkedError(`${shellName}: expected a JSON object (the sample's shell)`);
    const metadataFile = entries.get("metadata.json");
    const metadata = metadataFile ? parseEntry(`${prefix}/metadata.json`, metadataFile, limits) : {};
    const seq = Object.fromEntries(
      SEQUENCES.map((s) => [s, readSequence(prefix, s, chunks.get(s)!, limits)]),
    ) as Record<Sequence, ReturnType<typeof readSequence>>;
    const attachments = seq.attachments.items.map((item, i) => {
      if (typeof item === "string") return item;
      const at = [...seq.attachments.names].reverse().find((n) => n.start <= i)!;
      throw new ChunkedError(`${at.name}: [${i - at.start}]: expected a string (an attachment)`);
    });
    const resolver = new Resolver(attachments, limits);
    const messages = resolver.resolveItems(seq.messages.items, seq.messages.names);
    const events = resolver.resolveItems(seq.events.items, seq.events.names);
    const calls = resolver.resolveItems(seq.calls.items, seq.calls.names);
    const { message_refs, ...rest } = resolver.resolve(shell, shellName, null) as JsonObject;
    return {
      ok: true,
      value: {
        ...rest,
        metadata: resolver.resolve(metadata, `${prefix}/metadata.json`, null),
        messages: expandRefs(message_refs, messages, shellName, limits.maxConversation),
        events,
        events_data: { messages, calls },
      },
    };
  } catch (error) {
    if (error instanceof ChunkedError) return { ok: false, error: error.message };
    throw error;
  }
}
