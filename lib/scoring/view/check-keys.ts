import type { RunColumns } from "../columns/run-columns";
import type { ScoringRun } from "../core/types";

/** A check key of a run with how often it occurs and is required: what the what-if "everywhere" rules offer. */
export interface CheckKeySummary {
  key: string;
  label: string;
  dimension: string;
  /** Rollouts that have the check, and those in which it is required as recorded. */
  rollouts: number;
  required: number;
  /** Distinct labels under this key: more than 1 when tasks reuse a key ("C3") for different checks. */
  labels: number;
}

/** Every check key of the run (first appearance order) with how often it is required: the "everywhere" rules. */
export function checkKeys(run: Pick<ScoringRun, "rollouts">): CheckKeySummary[] {
  const byKey = new Map<string, CheckKeySummary>();
  const labels = new Map<string, Set<string>>();
  for (const rollout of run.rollouts) {
    for (const c of rollout.checks) {
      let s = byKey.get(c.key);
      if (!s) {
        byKey.set(
          c.key,
          (s = { key: c.key, label: c.label, dimension: c.dimension, rollouts: 0, required: 0, labels: 0 }),
        );
        labels.set(c.key, new Set());
      }
      s.rollouts += 1;
      if (c.required) s.required += 1;
      labels.get(c.key)?.add(c.label);
    }
  }
  for (const s of byKey.values()) s.labels = labels.get(s.key)?.size ?? 1;
  return [...byKey.values()];
}

/**
 * checkKeys of a run's columns: each sequence of checks counted once per rollout that has it, its templates
 * visited when the sequence first appears, so keys come in the same order of first appearance.
 */
export function checkKeysOf(c: RunColumns): CheckKeySummary[] {
  return checkKeysOfRuns([c]);
}

/** checkKeys of the rollouts of several runs' columns, one run after the other (the compare page's). */
export function checkKeysOfRuns(runs: readonly RunColumns[]): CheckKeySummary[] {
  const byKey = new Map<string, CheckKeySummary>();
  const labels = new Map<string, Set<string>>();
  for (const c of runs) {
    const s = c.strings;
    const uses = new Int32Array(c.sequenceStart.length);
    const order: number[] = [];
    for (let r = 0; r < c.rolloutSequence.length; r++) {
      const seq = c.rolloutSequence[r]!;
      const before = uses[seq]!;
      uses[seq] = before + 1;
      if (before === 0) order.push(seq);
    }
    for (const seq of order) {
      for (let p = c.sequenceStart[seq]!; p < c.sequenceStart[seq + 1]!; p++) {
        const t = c.sequenceTemplate[p]!;
        const key = s[c.templateKey[t]!]!;
        const label = s[c.templateLabel[t]!]!;
        let summary = byKey.get(key);
        if (!summary) {
          byKey.set(
            key,
            (summary = { key, label, dimension: s[c.templateDimension[t]!]!, rollouts: 0, required: 0, labels: 0 }),
          );
          labels.set(key, new Set());
        }
        summary.rollouts += uses[seq]!;
        if (c.templateRequired[t] === 1) summary.required += uses[seq]!;
        labels.get(key)?.add(label);
      }
    }
  }
  for (const summary of byKey.values()) summary.labels = labels.get(summary.key)?.size ?? 1;
  return [...byKey.values()];
}
