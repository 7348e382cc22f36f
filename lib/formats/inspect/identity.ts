import { sha256Hex } from "../hash";
import type { TEvalHeader, TEvalSample } from "./schema";

const nonEmpty = (s: string | null | undefined): s is string => typeof s === "string" && s !== "";

/**
 * The identity of one sample run as the log names it: the same in the `.eval` and the `.json` of one log (and
 * in a `.eval` expanded at upload), different for every other eval. The sample's `uuid` where the log has one
 * (one per sample run); else its eval — `eval_id`, or `run_id`, `task_id` and `created`, from which Inspect
 * derives a missing eval_id — with the sample id and epoch. Null when the log names no eval: the source bytes
 * alone identify its rollouts then. Hashed, so ids of any length fit the column's index.
 */
export function sampleIdentity(header: TEvalHeader, sample: TEvalSample): string | null {
  const { eval: spec } = header;
  const evalKey = nonEmpty(spec.eval_id)
    ? ["eval", spec.eval_id]
    : nonEmpty(spec.run_id) && nonEmpty(spec.task_id)
      ? ["run", spec.run_id, spec.task_id, spec.created ?? ""]
      : null;
  const key = nonEmpty(sample.uuid)
    ? ["inspect-sample", sample.uuid]
    : evalKey && ["inspect-eval", ...evalKey, sample.id, sample.epoch ?? 1];
  return key ? sha256Hex(new TextEncoder().encode(JSON.stringify(key))) : null;
}
