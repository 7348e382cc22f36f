import { asObject } from "../trace-input";
import type { Json, JsonObject } from "../types";

/**
 * The conversation of an Inspect sample as plain messages: `messages` when the sample has them, else the
 * last model call's input (inline, or `input_refs` ranges into the de-duplicated pool: `message_pool`, or
 * `events_data.messages`) followed by its output. `attachment://<hash>` strings are replaced by the
 * sample's `attachments`.
 */

/** `[[start, end)]` ranges of a pool (Inspect writes half-open index pairs). */
function fromRefs(refs: Json | undefined, pool: readonly Json[]): Json[] {
  if (!Array.isArray(refs)) return [];
  return refs.flatMap((range) => {
    if (!Array.isArray(range) || typeof range[0] !== "number" || typeof range[1] !== "number") return [];
    return pool.slice(range[0], range[1]);
  });
}

export function messagePool(sample: JsonObject): Json[] {
  if (Array.isArray(sample.message_pool)) return sample.message_pool;
  const data = asObject(sample.events_data);
  return Array.isArray(data?.messages) ? data.messages : [];
}

/** The input messages of a model event, resolving `input_refs` when `input` is empty. */
export function modelInput(event: JsonObject, pool: readonly Json[]): Json[] {
  if (Array.isArray(event.input) && event.input.length > 0) return event.input;
  return fromRefs(event.input_refs, pool);
}

export function modelOutputMessage(event: JsonObject): JsonObject | null {
  const output = asObject(event.output);
  const choice = asObject(Array.isArray(output?.choices) ? output.choices[0] : undefined);
  return asObject(choice?.message);
}

export function conversation(sample: JsonObject, events: readonly JsonObject[]): Json[] {
  if (Array.isArray(sample.messages) && sample.messages.length > 0) return sample.messages;
  const lastModel = [...events]
    .reverse()
    .find((e) => e.event === "model" && (e.error === undefined || e.error === null));
  if (!lastModel) return [];
  const reply = modelOutputMessage(lastModel);
  const input = modelInput(lastModel, messagePool(sample));
  return reply ? [...input, reply] : input;
}

const ATTACHMENT = /^attachment:\/\/([0-9a-f]+)$/;

/** A copy of a value with every `attachment://<hash>` string replaced by its attachment (unknown ones kept). */
export function resolveAttachments(value: Json, attachments: JsonObject | null): Json {
  if (!attachments || Object.keys(attachments).length === 0) return value;
  const walk = (v: Json): Json => {
    if (typeof v === "string") {
      const hash = ATTACHMENT.exec(v)?.[1];
      const found = hash === undefined ? undefined : attachments[hash];
      return typeof found === "string" ? found : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
