import { plural } from "@/lib/display/format";

/** The line `tally ingest` and `tally watch` print for each run they stored into. */
export function runLine(run: { created: boolean; name: string; id: string; rollouts: number }): string {
  return `${run.created ? "Created" : "Updated"} run "${run.name}" (${run.id}): ${plural(run.rollouts, "rollout")}`;
}
