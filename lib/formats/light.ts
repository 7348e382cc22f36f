import type { NormalizedRollout } from "./types";

/**
 * A rollout with only what identifies it and places it in its run: ids, task, verdict, timing, source and
 * files. Its checks, output and metadata are dropped; ingest reads its files again to store it whole.
 * What a run is (its key, tasks, name, warnings, the batch's rejections) never depends on what is dropped,
 * so a batch parsed light gives the same runs as one parsed whole.
 */
export function lightRollout(rollout: NormalizedRollout, intern: (s: string) => string = same): NormalizedRollout {
  // A batch holds one light rollout per file: what repeats across them (the task, the reason, empty lists) is
  // held once.
  const text = (s: string | null) => (s === null ? null : intern(s));
  return {
    ...rollout,
    task: intern(rollout.task),
    terminationReason: text(rollout.terminationReason),
    errorCategory: text(rollout.errorCategory),
    checks: NO_CHECKS,
    agentOutput: null,
    metadata: NO_METADATA,
  };
}

const same = (s: string) => s;
const NO_CHECKS: NormalizedRollout["checks"] = Object.freeze([]) as unknown as NormalizedRollout["checks"];
const NO_METADATA: NormalizedRollout["metadata"] = Object.freeze({});

/** The rollout's identity in its batch: its source file and its id there. */
export const rolloutIdentity = (rollout: { id: string; source: { path: string } }) =>
  `${rollout.source.path}\u0000${rollout.id}`;
