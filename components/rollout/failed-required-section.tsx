import type { ResolvedRef } from "@/lib/traces";
import type { CheckEntry } from "@/components/checks/check-entry";
import { FailedRequiredList } from "@/components/checks/failed-required-list";
import styles from "./rollout-page.module.css";

function noFailureNote(status: "scored" | "unscored", passed: boolean, overBudget: readonly string[]): string {
  if (status !== "scored")
    return "No graded required check failed, but the rollout is unscored (see its status above).";
  if (passed) return "No required check failed.";
  if (overBudget.length > 0)
    return `No required check failed: this rollout fails the scenario's execution budget (${overBudget.join("; ")}).`;
  return "No required check failed: this rollout fails on its reward or grade, which is below what passing needs.";
}

/** The rollout page's first section: the required checks that failed, or why there are none. */
export function FailedRequiredSection({
  failed,
  status,
  passed,
  overBudget = [],
  evidence,
}: {
  failed: CheckEntry[];
  status: "scored" | "unscored";
  passed: boolean;
  /** Why the scenario's execution budget fails the rollout (describeOverBudget); empty: it does not. */
  overBudget?: readonly string[];
  /** Each check's evidence refs resolved against the rollout's trace, by the check's order. */
  evidence?: Readonly<Record<number, readonly ResolvedRef[]>>;
}) {
  return (
    <section className="section" aria-labelledby="failed-heading">
      <h2 id="failed-heading">Failed required checks</h2>
      {failed.length > 0 ? (
        <>
          <p className="section-note">
            {failed.length === 1 ? "This required check failed" : `These ${failed.length} required checks failed`}, so
            the rollout does not pass.
          </p>
          <FailedRequiredList entries={failed} evidence={evidence} />
        </>
      ) : (
        <p className={`callout ${styles.passNote} ${status === "scored" && passed ? styles.passNoteOk : ""}`}>
          {noFailureNote(status, passed, overBudget)}
        </p>
      )}
    </section>
  );
}
