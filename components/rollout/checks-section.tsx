import { plural } from "@/lib/display/format";
import type { CheckEntry } from "@/components/checks/check-entry";
import { CheckTable } from "@/components/checks/check-table";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { ResolvedRef } from "@/lib/traces";
import { StateDiffSection } from "./state-diff-section";

/** Every check of the rollout in the verifier's order, with the state changes the authority checks judge. */
export function ChecksSection({
  entries,
  flip,
  evidence,
  unscored,
  stateDiff,
}: {
  entries: CheckEntry[];
  flip: Parameters<typeof CheckTable>[0]["flip"];
  evidence: Record<number, ResolvedRef[]>;
  unscored: boolean;
  stateDiff: StateDiffRead;
}) {
  return (
    <section className="section" aria-labelledby="checks-heading">
      <h2 id="checks-heading">All checks</h2>
      {entries.length > 0 ? (
        <>
          <p className="section-note">{plural(entries.length, "check")} in the order the verifier reported them.</p>
          <CheckTable entries={entries} flip={flip} evidence={evidence} />
        </>
      ) : (
        <div className="empty-state">
          This rollout recorded no checks{unscored ? ", so it could not be graded" : ""}.
        </div>
      )}
      <StateDiffSection read={stateDiff} entries={entries} />
    </section>
  );
}
