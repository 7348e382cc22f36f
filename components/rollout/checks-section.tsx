import { type TRolloutRef } from "@/lib/api/client-routes";
import { plural } from "@/lib/display/format";
import type { FlipTarget } from "@/components/checks/check-table";
import type { CheckEntryView } from "@/lib/views/check-views";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import { CheckRows, type CheckRowsSource } from "./check-rows";
import { StateDiffSection, type StateJudge } from "./state-diff-section";

/** Every check of the rollout in the verifier's order, with the state changes the authority checks judge. */
export function ChecksSection({
  total,
  failedTotal,
  first,
  source,
  flip,
  hasWeights,
  rolloutApi,
  version,
  unscored,
  stateDiff,
  judges,
}: {
  total: number;
  failedTotal: number;
  first: CheckEntryView[];
  source: CheckRowsSource;
  flip: FlipTarget;
  hasWeights: boolean;
  rolloutApi: TRolloutRef | null;
  version: string;
  unscored: boolean;
  stateDiff: StateDiffRead;
  judges: { shown: StateJudge[]; total: number };
}) {
  return (
    <section className="section" aria-labelledby="checks-heading">
      <h2 id="checks-heading">All checks</h2>
      {total > 0 ? (
        <>
          <p className="section-note">{plural(total, "check")} in the order the verifier reported them.</p>
          <CheckRows
            total={total}
            failedTotal={failedTotal}
            first={first}
            source={source}
            flip={flip}
            hasWeights={hasWeights}
            rolloutApi={rolloutApi}
            version={version}
          />
        </>
      ) : (
        <div className="empty-state">
          This rollout recorded no checks{unscored ? ", so it could not be graded" : ""}.
        </div>
      )}
      <StateDiffSection read={stateDiff} judges={judges} />
    </section>
  );
}
