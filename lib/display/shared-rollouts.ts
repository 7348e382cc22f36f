import type { SharedRollouts } from "@/lib/store/records";

/**
 * How a run's rollouts overlap another run's, as a phrase that follows the run's name: "shares 14 of its 14
 * rollouts with run “job” (a subset of “job”, which has 425)". `rollouts` is this run's rollout count.
 */
export function sharedRolloutsPhrase(rollouts: number, other: SharedRollouts): string {
  const name = `“${other.name}”`;
  const head = `shares ${other.shared} of its ${rollouts} rollouts with run ${name}`;
  if (other.shared === rollouts && other.shared === other.rollouts) return `${head} (a duplicate of ${name})`;
  if (other.shared === rollouts) return `${head} (a subset of ${name}, which has ${other.rollouts})`;
  if (other.shared === other.rollouts) return `${head} (it contains all of ${name})`;
  return `${head} (which has ${other.rollouts})`;
}

/** One warning per other run, naming the run ingested: said at ingest, in the CLI and in the API's answer. */
export function sharedRolloutsWarnings(run: { name: string; rollouts: number; shared: readonly SharedRollouts[] }) {
  return run.shared.map((other) => `Run “${run.name}” ${sharedRolloutsPhrase(run.rollouts, other)}.`);
}
