import type { RunColumns } from "./run-columns";

/** Where each rollout's checks start (and, last, the number of checks), from the lengths of their sequences. */
export function checkStarts(c: Pick<RunColumns, "rolloutSequence" | "sequenceStart">): Int32Array {
  const { rolloutSequence, sequenceStart } = c;
  const out = new Int32Array(rolloutSequence.length + 1);
  let at = 0;
  for (let r = 0; r < rolloutSequence.length; r++) {
    out[r] = at;
    const s = rolloutSequence[r]!;
    at += sequenceStart[s + 1]! - sequenceStart[s]!;
  }
  out[rolloutSequence.length] = at;
  return out;
}
