/*
 * What a run's `labels` column holds: its tags (lib/run-tags.ts) and, while `tally watch` feeds the run, a
 * heartbeat: the time until which the run counts as live. The watcher renews it every few seconds, so a
 * watcher that stops or dies leaves a run that stops being live on its own. A run never watched keeps the plain
 * list of tags; a watched one holds `{tags, live: {until}}`. Every writer of the column keeps the part it does
 * not change (tags kept when the heartbeat is renewed, the heartbeat kept when tags are set).
 */

export type StoredLabels = string[] | { tags: string[]; live: { until: string } };

export interface RunLabels {
  tags: string[];
  /** ISO time until which the run is live, or null when no watcher has marked it. */
  liveUntil: string | null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

/** A stored labels value (either shape; anything else reads as no tags and not live). */
export function readLabels(value: unknown): RunLabels {
  if (Array.isArray(value)) return { tags: strings(value), liveUntil: null };
  if (value === null || typeof value !== "object") return { tags: [], liveUntil: null };
  const { tags, live } = value as { tags?: unknown; live?: unknown };
  const until = live !== null && typeof live === "object" ? (live as { until?: unknown }).until : undefined;
  return { tags: strings(tags), liveUntil: typeof until === "string" && !isNaN(Date.parse(until)) ? until : null };
}

/** The value to store for these labels: the plain list of tags when there is no heartbeat. */
export function labelsValue({ tags, liveUntil }: RunLabels): StoredLabels {
  return liveUntil === null ? [...tags] : { tags: [...tags], live: { until: liveUntil } };
}

/** Whether a heartbeat is still fresh at `now`. */
export function isLive(liveUntil: string | null, now: number = Date.now()): boolean {
  return liveUntil !== null && Date.parse(liveUntil) > now;
}
