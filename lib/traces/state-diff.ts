import type { TraceJson, TraceJsonObject } from "./types";

/**
 * What a rollout changed in its environment's state: per collection, the ids of records added, removed and
 * changed (Silo's `state-diff.json`), plus scalar changes kept as written.
 */
export interface CollectionDiff {
  name: string;
  added: TraceJson[];
  removed: TraceJson[];
  changed: TraceJson[];
}

export interface StateDiff {
  path: string;
  collections: CollectionDiff[];
  scalars: TraceJson[];
  /** Fields of the file not mapped above. */
  extra: TraceJsonObject;
}

/** Collections with at least one added, removed or changed record. */
export function touchedCollections(diff: StateDiff): CollectionDiff[] {
  return diff.collections.filter((c) => c.added.length + c.removed.length + c.changed.length > 0);
}
