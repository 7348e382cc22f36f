import type { ContentPart, TraceContent, TraceJson, TraceStep } from "./types";

/*
 * A big trace's steps are sent a page at a time; a step holding a long tool output (a file read whole, a build
 * log) would make its page as long as that output. Its texts are cut before they are sent, and the whole step
 * is read on demand (the trace API's `whole=1`).
 */

/** Characters of each text a step keeps when cut: more than the page shows before "show all". */
export const CUT_TEXT_CHARS = 2000;

/** `text` cut at `max` UTF-16 code units, never inside a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Every string of a JSON value (keys aside) passed through `f`: the value stays valid JSON. */
function mapStrings(value: TraceJson, f: (s: string) => string): TraceJson {
  if (typeof value === "string") return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value !== null && typeof value === "object") {
    const out: Record<string, TraceJson> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, f);
    return out;
  }
  return value;
}

/** The strings of a step: its message, reasoning, call arguments and results (JSON ones by their strings). */
function eachString(step: TraceStep, f: (s: string) => string): TraceStep {
  const content = (c: TraceContent): TraceContent =>
    typeof c === "string"
      ? f(c)
      : c.map((part): ContentPart => {
          if (part.type === "text") return { ...part, text: f(part.text) };
          if (part.type === "json") return { ...part, value: mapStrings(part.value, f) };
          return part;
        });
  return {
    ...step,
    text: step.text === null ? null : f(step.text),
    reasoning: step.reasoning === null ? null : f(step.reasoning),
    toolCalls: step.toolCalls.map((c) => ({ ...c, arguments: mapStrings(c.arguments, f) })),
    results: step.results.map((r) => ({ ...r, content: content(r.content) })),
  };
}

/**
 * The step with each of its strings (message, reasoning, call arguments and results, the strings inside JSON
 * ones included, so JSON stays JSON) cut at `max` characters, and `cut` saying how many characters those strings
 * held in all; the step itself when none is longer.
 */
export function cutLongTexts(step: TraceStep, max: number = CUT_TEXT_CHARS): TraceStep {
  let chars = 0;
  let long = false;
  eachString(step, (s) => {
    chars += s.length;
    if (s.length > max) long = true;
    return s;
  });
  if (!long) return step;
  return { ...eachString(step, (s) => cutText(s, max)), cut: { chars } };
}
