import { type TRolloutRef } from "@/lib/api/client-routes";
import { count } from "@/lib/display/format";
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

/**
 * The rollout page's first section: the required checks that failed (the first FAILED_FIRST of them; the checks
 * table below lists them all), or why there are none.
 */
export function FailedRequiredSection({
  failed,
  failedTotal,
  status,
  passed,
  overBudget = [],
  rolloutApi,
}: {
  /** The failed required checks listed here, in the verifier's order. */
  failed: CheckEntry[];
  /** How many required checks failed in all. */
  failedTotal: number;
  status: "scored" | "unscored";
  passed: boolean;
  /** Why the scenario's execution budget fails the rollout (describeOverBudget); empty: it does not. */
  overBudget?: readonly string[];
  rolloutApi: TRolloutRef | null;
}) {
  return (
    <section className="section" aria-labelledby="failed-heading">
      <h2 id="failed-heading">Failed required checks</h2>
      {failedTotal > 0 ? (
        <>
          <p className="section-note">
            {failedTotal === 1 ? "This required check failed" : `These ${count(failedTotal)} required checks failed`},
            so the rollout does not pass.
          </p>
          <FailedRequiredList entries={failed} rolloutApi={rolloutApi} />
          {failedTotal > failed.length ? (
            <p className={`callout ${styles.moreFailed}`} data-testid="failed-required-more">
              The first {count(failed.length)} are listed here; all {count(failedTotal)} are in{" "}
              <a href="#checks-heading">All checks</a> below (tick “Only failed required checks”).
            </p>
          ) : null}
        </>
      ) : (
        <p className={`callout ${styles.passNote} ${status === "scored" && passed ? styles.passNoteOk : ""}`}>
          {noFailureNote(status, passed, overBudget)}
        </p>
      )}
    </section>
  );
}
