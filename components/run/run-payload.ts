import { decodeRun, encodeRun, type CompactRun } from "@/lib/scoring/wire/compact-run";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { RunPageMeta } from "./run-page-meta";

/*
 * What the run page hands its client component: the compact run and the page meta, each as a JSON string.
 * React's server-component serializer walks every element of an object prop, on the server and again in the
 * browser, which is costly for a run of 10,000 rollouts; a string crosses as is and JSON.parse reads it at
 * native speed.
 */

// Runs are immutable and the server keeps them in memory (lib/db/queries/run-cache.ts): encode each once.
const written = new WeakMap<ScoringRun, string>();

/*
 * Runs by their text, the last few written or read. The server renders the client component from the text
 * the server component wrote a moment before: in the same process, but in another module graph (React's
 * server and SSR layers each have their own copy of this file), hence a map on globalThis. The reader then
 * gets the very run object the server holds, not a decoded copy, and the scoring caches kept per run object
 * (its index, its as-recorded report) serve the page, the report API and the next request alike. In the
 * browser it holds the page's run.
 */
const KEPT = 4;
const KEY = Symbol.for("tally.compact-runs");
const runs = ((globalThis as { [KEY]?: Map<string, ScoringRun> })[KEY] ??= new Map<string, ScoringRun>());

function keep(text: string, run: ScoringRun) {
  runs.delete(text);
  for (const key of runs.keys()) {
    if (runs.size < KEPT) break;
    runs.delete(key);
  }
  runs.set(text, run);
}

export function compactRunJson(run: ScoringRun): string {
  let text = written.get(run);
  if (text === undefined) written.set(run, (text = JSON.stringify(encodeRun(run))));
  keep(text, run);
  return text;
}

/** The run of compactRunJson's text: decoded, unless this process wrote or read the same text lately. */
export function readCompactRun(text: string): ScoringRun {
  const run = runs.get(text) ?? decodeRun(JSON.parse(text) as CompactRun);
  keep(text, run);
  return run;
}

export function runPageMetaJson(meta: RunPageMeta): string {
  return JSON.stringify(meta);
}

export function readRunPageMeta(text: string): RunPageMeta {
  return JSON.parse(text) as RunPageMeta;
}
