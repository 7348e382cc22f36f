import type { ReportHeadline } from "@/lib/scoring/report/report-types";
import { withReviews, type ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import { afterReview, type AfterReview } from "@/lib/scoring/view/after-review";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { Store } from "@/lib/store/store";
import { runAgreement, type RunReviewsReport } from "./run-agreement";
import type { RunPageMeta } from "./run-page-meta";
import { runPageData, storedRunPageData, type BinaryHref, type RunPageData } from "./run-payload";
import { readScenarioParam } from "./scenario-param";
import { runEncoding, runSnapshot } from "./run-caches";

/** The run page's data, with the declared scenario's headline when one is declared. */
export interface RunView extends RunPageData {
  declared: { scenario: Scenario; headline: ReportHeadline } | null;
  /** A run with reviews: its figures after review beside the recorded ones (the judge-error band added by the page). */
  afterReview?: AfterReview | null;
}

/**
 * The run page as recorded from the run's stored first screen (written at ingest): no rollout is read. Null
 * when the run has none current (the page then reads the run).
 */
export async function storedRunView(
  store: Store,
  meta: RunPageMeta,
  defaultTasksView: boolean,
  binaryHref: BinaryHref,
): Promise<RunView | null> {
  const stored = await runEncoding(store, meta.id, { bytes: false });
  if (!stored?.firstScreen) return null;
  const source = { href: binaryHref(meta.id, stored.version.rollouts) };
  return { ...storedRunPageData(stored.firstScreen, meta, { source, defaultTasksView }), declared: null };
}

/**
 * The run page under the raw `scenario` parameter (an invalid one: as recorded), from the run's snapshot; the
 * declared scenario's headline computed once per run version. Null when the run is gone.
 */
export async function runView(
  store: Store,
  meta: RunPageMeta,
  options: {
    scenarioText: string | null;
    defaultTasksView: boolean;
    declared: Scenario | null;
    /** The run's reviews as flips: every figure is scored with them applied (`reviews: "apply"`). */
    reviewed: ReviewFlips | null;
    binaryHref: BinaryHref;
  },
): Promise<(RunView & { agreement: RunReviewsReport | null }) | null> {
  const snapshot = await runSnapshot(store, meta.id);
  if (!snapshot) return null;
  const { scenario } = readScenarioParam(options.scenarioText);
  const { declared, reviewed } = options;
  const scored = (s: Scenario) => (reviewed ? withReviews(s, reviewed) : s);
  const data = runPageData(snapshot, meta, {
    source: { href: options.binaryHref(meta.id, snapshot.columns.rolloutTask.length) },
    scenario: scored(scenario),
    defaultTasksView: options.defaultTasksView,
  });
  return {
    ...data,
    declared: declared ? { scenario: declared, headline: snapshot.headlineUnder(scored(declared)) } : null,
    afterReview: reviewed
      ? afterReview(snapshot.recorded, snapshot.report(withReviews({ reviews: "apply" }, reviewed)), reviewed)
      : null,
    // How far the graders agree with the run's reviewers (docs/scoring.md#reviews).
    agreement: reviewed ? await runAgreement(store, meta.id, () => snapshot.run) : null,
  };
}
