// Converts a monolith Inspect .eval into the chunked per-sample layout, following the rules of Inspect's
// src/inspect_ai/log/_recorders/chunked/convert.py (chunked_sample, _write_chunked_sample): the message
// sequence is the events pool (`events_data.messages`, or the older `message_pool`) extended with inline model
// inputs and then the final conversation's messages not pooled yet; model inputs and wire request messages
// become range refs; the shell is the sample without messages/events/attachments/events_data/metadata, with
// `message_refs`; attachments become a sequence and `attachment://<hash>` becomes `attachment://<index>`.
// Differences, none of which Tally reads: dedup keys are the JSON of a message without its id (Inspect hashes
// pydantic's dump with murmur3), new attachment keys are md5 hex, the shell drops top-level nulls only (no
// pydantic defaults are added) and skeleton.json carries the event and model counts without spans.
//
// Usage: node scripts/inspect-chunked-fixture.mjs <in.eval> <out.eval> [--chunk-size N]
//          [--attachments-chunk-bytes N] [--keep-monolith <id>_epoch_<n>]... [--copy-as-epoch <from> <epoch>]
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { TextDecoder } from "node:util";
import { strToU8, unzipSync, zipSync } from "fflate";

const CALL_MESSAGE_KEYS = ["messages", "contents", "input", "inputs"];
const ATTACHMENT = "attachment://";

/** Contiguous indices as half-open [start, end) pairs (Inspect's _compress_refs). */
export function compressRefs(indices) {
  const out = [];
  for (const i of indices) {
    const last = out[out.length - 1];
    if (last && last[1] === i) last[1] += 1;
    else out.push([i, i + 1]);
  }
  return out;
}

const withoutId = (message) => {
  const { id: _, ...rest } = message;
  return JSON.stringify(rest);
};

/** Strings over 100 characters become attachments (Inspect's events_attachment_fn). */
function eventsAttachmentFn(attachments) {
  return (text) => {
    if (typeof text !== "string" || text.length <= 100) return text;
    const hash = createHash("md5").update(text).digest("hex");
    attachments[hash] = text;
    return `${ATTACHMENT}${hash}`;
  };
}

function walkJson(value, fn) {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((v) => walkJson(v, fn));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walkJson(v, fn)]));
  return value;
}

/** Inspect's walk_chat_message: string content, or content parts and the assistant's tool calls. */
function walkMessage(message, fn) {
  if (typeof message.content === "string") return { ...message, content: fn(message.content) };
  const out = { ...message };
  if (message.role === "assistant" && Array.isArray(message.tool_calls))
    out.tool_calls = message.tool_calls.map((call) => ({
      ...call,
      arguments: walkJson(call.arguments ?? {}, fn),
      ...(call.view
        ? { view: { ...call.view, content: call.view.content ? fn(call.view.content) : call.view.content } }
        : {}),
    }));
  if (Array.isArray(message.content))
    out.content = message.content.map((part) => {
      for (const key of ["text", "image", "audio", "video", "reasoning", "document"])
        if (typeof part[key] === "string") return { ...part, [key]: fn(part[key]) };
      return part;
    });
  return out;
}

export function chunkedSample(sample, attachmentsChunkBytes) {
  const pool = sample.events_data?.messages ?? sample.message_pool ?? [];
  const messages = [...pool];
  const calls = [...(sample.events_data?.calls ?? [])];
  const msgIndex = new Map(messages.map((m, i) => [withoutId(m), i]));
  const indexOf = (message) => {
    const key = withoutId(message);
    if (!msgIndex.has(key)) {
      msgIndex.set(key, messages.length);
      messages.push(message);
    }
    return msgIndex.get(key);
  };
  const callIndex = new Map(calls.map((c, i) => [JSON.stringify(c), i]));
  const callIndexOf = (call) => {
    const key = JSON.stringify(call);
    if (!callIndex.has(key)) {
      callIndex.set(key, calls.length);
      calls.push(call);
    }
    return callIndex.get(key);
  };
  const events = (sample.events ?? []).map((event) => {
    if (event.event !== "model") return event;
    let out = event;
    if (Array.isArray(event.input) && event.input.length > 0)
      out = { ...out, input: [], input_refs: compressRefs(event.input.map(indexOf)) };
    const call = out.call;
    if (call && call.call_refs == null && call.request) {
      const key = CALL_MESSAGE_KEYS.find((k) => k in call.request);
      const list = key ? call.request[key] : null;
      if (Array.isArray(list) && list.length > 0) {
        const { [key]: _, ...request } = call.request;
        out = { ...out, call: { ...call, request, call_refs: compressRefs(list.map(callIndexOf)), call_key: key } };
      }
    }
    return out;
  });

  const attachments = { ...(sample.attachments ?? {}) };
  const fn = eventsAttachmentFn(attachments);
  const finalMessages = (sample.messages ?? []).map((m) => walkMessage(m, fn));
  const input = Array.isArray(sample.input) ? sample.input.map((m) => walkMessage(m, fn)) : sample.input;
  const indices = finalMessages.map(indexOf);

  const contents = Object.values(attachments);
  const boundaries = [];
  let bytes = 0;
  contents.forEach((text, i) => {
    const size = Buffer.byteLength(text);
    if (bytes && bytes + size > attachmentsChunkBytes) {
      boundaries.push(i);
      bytes = 0;
    }
    bytes += size;
  });
  if (bytes) boundaries.push(contents.length);

  const omitted = new Set(["messages", "events", "attachments", "events_data", "metadata", "message_pool"]);
  const shell = {};
  for (const [k, v] of Object.entries({ ...sample, input })) if (!omitted.has(k) && v !== null) shell[k] = v;
  shell.message_refs = compressRefs(indices);
  return { shell, messages, events, calls, contents, hashes: Object.keys(attachments), boundaries };
}

function eventStats(events, chunkSize) {
  const chunks = [];
  for (let start = 0; start < events.length; start += chunkSize) {
    const part = events.slice(start, start + chunkSize);
    const typeCounts = {};
    for (const e of part) typeCounts[e.event] = (typeCounts[e.event] ?? 0) + 1;
    const edge = (e) => (e.span_id == null ? { type: e.event } : { type: e.event, span_id: e.span_id });
    chunks.push({ start, type_counts: typeCounts, first: edge(part[0]), last: edge(part[part.length - 1]) });
  }
  return { version: 1, chunks };
}

/** The entries of one chunked sample, by name. */
export function chunkedEntries(sample, chunkSize, attachmentsChunkBytes) {
  const c = chunkedSample(sample, attachmentsChunkBytes);
  const index = new Map(c.hashes.map((h, i) => [h, i]));
  const renumber = (text) =>
    text.replace(/attachment:\/\/([0-9a-f]{32})/g, (whole, hash) =>
      index.has(hash) ? `${ATTACHMENT}${index.get(hash)}` : whole,
    );
  const prefix = `samples/${sample.id}_epoch_${sample.epoch}`;
  const out = {};
  out[`${prefix}/sample.json`] = renumber(JSON.stringify(c.shell));
  if (sample.metadata && Object.keys(sample.metadata).length > 0)
    out[`${prefix}/metadata.json`] = renumber(JSON.stringify(sample.metadata));
  const models = c.events.filter((e) => e.event === "model").length;
  out[`${prefix}/skeleton.json`] = JSON.stringify({ counts: { events: c.events.length, models } });
  out[`${prefix}/events/stats.json`] = JSON.stringify(eventStats(c.events, chunkSize));
  out[`${prefix}/events/uuids.json`] = JSON.stringify(c.events.map((e) => e.uuid ?? null));
  for (const [name, items] of [
    ["messages", c.messages],
    ["events", c.events],
    ["calls", c.calls],
  ])
    for (let start = 0; start < items.length; start += chunkSize)
      out[`${prefix}/${name}/${start}.json`] = renumber(JSON.stringify(items.slice(start, start + chunkSize)));
  let start = 0;
  for (const end of c.boundaries) {
    out[`${prefix}/attachments/${start}.json`] = JSON.stringify(c.contents.slice(start, end));
    start = end;
  }
  return out;
}

function main(argv) {
  const [input, output, ...rest] = argv;
  let chunkSize = 1000;
  let attachmentsChunkBytes = 10 * 1024 * 1024;
  const keep = new Set();
  const copies = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--chunk-size") chunkSize = Number(rest[++i]);
    else if (rest[i] === "--attachments-chunk-bytes") attachmentsChunkBytes = Number(rest[++i]);
    else if (rest[i] === "--keep-monolith") keep.add(rest[++i]);
    else if (rest[i] === "--copy-as-epoch") copies.push([rest[++i], Number(rest[++i])]);
    else throw new Error(`unknown argument ${rest[i]}`);
  }
  const entries = unzipSync(new Uint8Array(readFileSync(input)));
  const out = {};
  const text = (bytes) => new TextDecoder().decode(bytes);
  for (const [name, bytes] of Object.entries(entries)) {
    const m = /^samples\/([^/]+)\.json$/.exec(name);
    if (!m) {
      out[name] = bytes;
      continue;
    }
    const sample = JSON.parse(text(bytes));
    if (keep.has(m[1])) out[name] = bytes;
    else
      for (const [n, t] of Object.entries(chunkedEntries(sample, chunkSize, attachmentsChunkBytes)))
        out[n] = strToU8(t);
    for (const [from, epoch] of copies) {
      if (from !== m[1]) continue;
      // A second sample for a mixed log: the same sample as another epoch, its uuid marked as a copy's.
      const copy = { ...sample, epoch, ...(sample.uuid ? { uuid: `${sample.uuid}-epoch-${epoch}` } : {}) };
      out[`samples/${sample.id}_epoch_${epoch}.json`] = strToU8(JSON.stringify(copy));
    }
  }
  writeFileSync(output, zipSync(out, { level: 6, mtime: new Date("2026-02-28T00:44:00Z") }));
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
