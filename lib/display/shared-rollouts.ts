import { count, plural } from "./format";
import type { SharedRollouts } from "@/lib/store/records";

/** What makes the rollouts the same: their bytes, or the log's own ids for a sample read from another file. */
function sameBecause({ shared, sameBytes }: SharedRollouts): string {
  if (sameBytes === shared) return "read from the same bytes";
  const samples = "the same samples, read from another file of the same log";
  return sameBytes === 0 ? samples : `${sameBytes} read from the same bytes, ${shared - sameBytes} ${samples}`;
}

/**
 * How a run's rollouts overlap another run's, as a phrase that follows the run's name: "shares 14 of its 14
 * rollouts with run “job” (a subset of “job”, which has 425; read from the same bytes)". `rollouts` is this
 * run's rollout count.
 */
export function sharedRolloutsPhrase(rollouts: number, other: SharedRollouts): string {
  const name = `“${other.name}”`;
  const head = `shares ${count(other.shared)} of its ${plural(rollouts, "rollout")} with run ${name}`;
  const relation =
    other.shared === rollouts && other.shared === other.rollouts
      ? `a duplicate of ${name}`
      : other.shared === rollouts
        ? `a subset of ${name}, which has ${other.rollouts}`
        : other.shared === other.rollouts
          ? `it contains all of ${name}`
          : `which has ${other.rollouts}`;
  return `${head} (${relation}; ${sameBecause(other)})`;
}

/** One warning per other run, naming the run ingested: said at ingest, in the CLI and in the API's answer. */
export function sharedRolloutsWarnings(run: { name: string; rollouts: number; shared: readonly SharedRollouts[] }) {
  return run.shared.map((other) => `Run “${run.name}” ${sharedRolloutsPhrase(run.rollouts, other)}.`);
}
