import { metricKind } from "../core/dimensions";
import type { MetricKind } from "../core/dimensions";
import type { Report } from "../report/report-types";
import type { ReviewFlips } from "../reviews/apply-reviews";
import type { JudgeErrorBand } from "../reviews/judge-error-band";

/** One figure as recorded and with the reviewed verdicts applied. */
export interface AfterReviewRow {
  metric: string;
  kind: MetricKind;
  recorded: number | null;
  reviewed: number | null;
}

/** What the run page shows of its reviews beside the headline: counts, and figures before and after. */
export interface AfterReview {
  /** Verdicts with a standing review. */
  reviewed: number;
  /** Of them, decided by the reviewers (a flip to their verdict; it may equal the recorded one). */
  decided: number;
  /** Of them, left as recorded: a tie, or "unsure" the most given. */
  undecided: number;
  rows: AfterReviewRow[];
  /** The headline's judge-error band (judge-error-band.ts), when the server computed it. */
  band?: Pick<JudgeErrorBand, "metric" | "low" | "high"> | null;
}

/**
 * The headline metric, then completion and correctness when the run has them, as recorded and under
 * `reviews: "apply"` (both reports under the same other settings).
 */
export function afterReview(recorded: Report, reviewed: Report, flips: ReviewFlips): AfterReview {
  const metrics = [...new Set([recorded.headline.metric, "completion", "correctness"])].filter(
    (m) => recorded.metrics[m] !== undefined,
  );
  return {
    reviewed: flips.reviewed,
    decided: flips.flips.length,
    undecided: flips.undecided,
    rows: metrics.map((metric) => ({
      metric,
      kind: metricKind(metric),
      recorded: recorded.metrics[metric]?.value ?? null,
      reviewed: reviewed.metrics[metric]?.value ?? null,
    })),
  };
}
