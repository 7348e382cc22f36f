"use client";

import { Breakable } from "@/components/ui/breakable";
import Link from "@/components/ui/link";
import { useMemo } from "react";
import { changeText, clip, metricTitle } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import type { Lever, ReportHeadline, PageTaskReport } from "@/lib/scoring/report/report-types";
import { setFlip } from "@/lib/scoring/scenario/scenario-edit";
import { useUrlState } from "@/components/url-state/use-url-state";
import { scenarioCodec } from "@/components/whatif/scenario-url";
import styles from "./sections.module.css";

/**
 * Fragile verdicts: the single check verdicts that, if the grader got them wrong, would move the headline most
 * (levers.ts), each with a button that applies that flip as the page's what-if scenario (the URL's `scenario`
 * parameter, as the what-if panel writes it), so the headline then moves by the effect shown.
 */
export function Levers({
  levers,
  headline,
  tasks,
  taskHref,
  hasChecks,
  reviewHref,
}: {
  /** null while the worker finds them (after the figures). */
  levers: Lever[] | null;
  headline: ReportHeadline;
  tasks: PageTaskReport[];
  taskHref: (taskKey: string) => string | null;
  /** Whether any rollout of the run records a check: without one there is no verdict to flip. */
  hasChecks: boolean;
  /** The run's review queue, which starts with these verdicts; absent where no server answers. */
  reviewHref?: string;
}) {
  const url = useUrlState(scenarioCodec, { mode: "push" });
  // Only the levers' tasks: a map of every task (20,000 at 100,000 rollouts) would be made again on every flip.
  const taskIds = useMemo(() => {
    const ids = new Map<string, string>();
    const wanted = new Set(levers?.map((l) => l.task));
    if (wanted.size > 0) for (const t of tasks) if (wanted.has(t.key)) ids.set(t.key, t.taskId);
    return ids;
  }, [tasks, levers]);
  const kind = metricKind(headline.metric);
  return (
    <section className={`section card ${styles.panel}`} aria-labelledby="levers-title" data-testid="levers">
      <h2 id="levers-title" className={styles.panelTitle}>
        Fragile verdicts
      </h2>
      <p className={styles.panelNote}>
        The check verdicts that would move the headline ({metricTitle(headline.metric).toLowerCase()},{" "}
        {SCHEME_WORDS[headline.scheme]}) most if the grader got them wrong: each counted the other way in every rollout
        of its task.
        {reviewHref && hasChecks ? (
          <>
            {" "}
            <Link href={reviewHref} data-testid="review-queue-link">
              Review them
            </Link>
            : a person’s verdict, kept beside the recorded one.
          </>
        ) : null}
      </p>
      {levers === null ? (
        <p className={styles.none} role="status" aria-busy="true" data-testid="levers-pending">
          Trying each verdict the other way…
        </p>
      ) : levers.length === 0 ? (
        <p className={styles.none} data-testid="no-levers">
          {hasChecks
            ? "No single verdict moves the headline."
            : "This run records no checks: every verdict comes from a reward, so there is no check verdict to flip. The pass threshold is under What if…? → Rules."}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`table ${styles.compact}`}>
            <thead>
              <tr>
                <th scope="col" className={styles.leverText}>
                  If this verdict were wrong
                </th>
                <th scope="col" className="num">
                  Headline
                </th>
                <th scope="col">What-if</th>
              </tr>
            </thead>
            <tbody>
              {levers.map((l) => {
                const taskId = taskIds.get(l.task) ?? l.task;
                const href = taskHref(l.task);
                const effect = changeText(kind, l.delta);
                const way = l.passed ? "counted as passed" : "counted as failed";
                return (
                  <tr key={`${l.task}\u0000${l.check}`} data-testid="lever" data-task={l.task} data-check={l.check}>
                    <td className={styles.leverText}>
                      if {href ? <Link href={href}>{taskId}</Link> : taskId}{" "}
                      <strong>
                        <Breakable text={clip(l.check, 80)} />
                      </strong>{" "}
                      were wrong <span className="muted">({way})</span>
                      {l.label !== l.check ? (
                        <span className={styles.leverLabel} data-testid="lever-label">
                          {clip(l.label, 200)}
                        </span>
                      ) : null}
                    </td>
                    <td className="num" data-testid="lever-delta">
                      <strong>{effect}</strong>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Apply: ${taskId} ${clip(l.check, 80)} ${way} (what-if, ${effect})`}
                        title="Apply this flip as the what-if scenario. Nothing stored changes."
                        onClick={() => url.update((s) => setFlip(s, { task: l.task, check: l.check }, l.passed, null))}
                      >
                        Apply
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
