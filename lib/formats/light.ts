import type { NormalizedRollout } from "./types";

/**
 * A rollout with only what identifies it and places it in its run: ids, task, verdict, timing, source and
 * files. Its checks, output and metadata are dropped; ingest reads its files again to store it whole.
 * What a run is (its key, tasks, name, warnings, the batch's rejections) never depends on what is dropped,
 * so a batch parsed light gives the same runs as one parsed whole.
 */
export function lightRollout(rollout: NormalizedRollout): NormalizedRollout {
  return { ...rollout, checks: [], agentOutput: null, metadata: {} };
}

/** The rollout's identity in its batch: its source file and its id there. */
export const rolloutIdentity = (rollout: { id: string; source: { path: string } }) =>
  `${rollout.source.path}\u0000${rollout.id}`;
