import { decodeRun, type CompactRun } from "@/lib/scoring/wire/compact-run";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { RunPageMeta } from "./run-page-meta";

/*
 * What the run page hands its client component: the compact run and the page meta, each as a JSON string.
 * React's server-component serializer walks every element of an object prop, on the server and again in the
 * browser, which is costly for a run of 10,000 rollouts; a string crosses as is and JSON.parse reads it at
 * native speed.
 */

/*
 * Snapshots by their text, the last few published or read. The server renders the client component from the
 * text the server component published a moment before: in the same process, but in another module graph
 * (React's server and SSR layers each have their own copy of this file), hence a map on globalThis. The
 * reader then gets the very snapshot the server's run cache holds, not a decoded copy, so its as-recorded
 * report serves the page, the report API and the next request alike. In the browser it holds the page's run.
 */
const KEPT = 4;
const KEY = Symbol.for("tally.run-snapshots");
const snapshots = ((globalThis as { [KEY]?: Map<string, RunSnapshot> })[KEY] ??= new Map<string, RunSnapshot>());

function keep(text: string, snapshot: RunSnapshot) {
  snapshots.delete(text);
  for (const key of snapshots.keys()) {
    if (snapshots.size < KEPT) break;
    snapshots.delete(key);
  }
  snapshots.set(text, snapshot);
}

/** The snapshot's compact run as text, for the run page's client component. */
export function publishSnapshot(snapshot: RunSnapshot): string {
  const text = snapshot.compactJson;
  keep(text, snapshot);
  return text;
}

/** The snapshot of publishSnapshot's text: a new one, unless this process published or read the text lately. */
export function readSnapshot(text: string): RunSnapshot {
  const snapshot = snapshots.get(text) ?? new RunSnapshot(decodeRun(JSON.parse(text) as CompactRun));
  keep(text, snapshot);
  return snapshot;
}

export function runPageMetaJson(meta: RunPageMeta): string {
  return JSON.stringify(meta);
}

export function readRunPageMeta(text: string): RunPageMeta {
  return JSON.parse(text) as RunPageMeta;
}

/** RunView's two props for a page served without the app (the static share bundle). */
export function runViewProps(snapshot: RunSnapshot, meta: RunPageMeta): { runJson: string; metaJson: string } {
  return { runJson: snapshot.compactJson, metaJson: runPageMetaJson(meta) };
}
