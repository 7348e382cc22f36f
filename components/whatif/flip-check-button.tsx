"use client";

import { clip } from "@/lib/display/format";
import Link from "@/components/ui/link";
import { flipRefFor, flipVerdict, hasExactFlip, isEmptyScenario, setFlip } from "@/lib/scoring/scenario/scenario-edit";
import { useUrlState } from "@/components/url-state/use-url-state";
import { scenarioCodec } from "./scenario-url";
import styles from "./flip-check-button.module.css";

/**
 * "Count as passed" / "Count as failed" / "Undo" for one check of one rollout, on the task and rollout pages:
 * edits the page's `scenario` parameter (a router navigation, so the server-rendered page follows) and links
 * back to the run page with the scenario kept. Writes the same entries as the run page's what-if panel.
 */
export function FlipCheckButton({
  runHref,
  task,
  rollout,
  rolloutsInTask,
  check,
  recordedPassed,
  currentPassed,
  showRunLink = true,
}: {
  /** The run page's path (lib/views/hrefs.ts runHref), which "See the effect on the run" opens. */
  runHref: string;
  /** Task key. */
  task: string;
  /** Rollout id (not the row id). */
  rollout: string;
  /** Rollouts of the task: with 1 the flip names no rollout, as the panel writes it. */
  rolloutsInTask: number;
  /** Check key. */
  check: string;
  recordedPassed: boolean | null;
  /** The verdict the page shows under its scenario; default: read from the scenario's flips. */
  currentPassed?: boolean | null;
  showRunLink?: boolean;
}) {
  const url = useUrlState(scenarioCodec, { navigation: "router", mode: "push" });
  const ref = flipRefFor(task, rollout, check, rolloutsInTask);
  const flipped = hasExactFlip(url.view, ref);
  const now = currentPassed !== undefined ? currentPassed : (flipVerdict(url.view, ref) ?? recordedPassed);
  const action = flipped ? "Undo" : now === true ? "Count as failed" : "Count as passed";
  const active = !isEmptyScenario(url.view);
  return (
    <span className={styles.wrap} data-testid="flip-check">
      <button
        type="button"
        className={`button button-small ${flipped ? styles.undo : now === true ? "" : styles.pass}`}
        disabled={url.pending}
        aria-label={`${action}: ${clip(check, 120)}${rolloutsInTask > 1 ? ` in rollout ${rollout}` : ""} (what-if)`}
        title={
          flipped ? "Back to the recorded verdict" : "What if the verifier got this one wrong? Nothing stored changes."
        }
        onClick={() => url.update((s) => setFlip(s, ref, flipped ? null : now !== true, recordedPassed))}
      >
        {url.pending ? "Updating…" : action}
      </button>
      {showRunLink && active ? (
        <Link href={url.hrefFor(runHref)} className={styles.runLink}>
          See the effect on the run
        </Link>
      ) : null}
    </span>
  );
}
