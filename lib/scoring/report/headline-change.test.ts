import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import type { Scenario } from "../scenario/scenario";
import { onlyHeadlineMetricDiffers, withHeadlineMetric } from "./headline-change";
import { computeReport } from "./report";

const BASES: Scenario[] = [
  {},
  { unscored: "fail" },
  { headline: { scheme: "check" } },
  { headline: { metric: "completion", scheme: "group" } },
];

describe("withHeadlineMetric", () => {
  it("is computeReport under the other headline metric, for every metric of the fixture runs", () => {
    for (const run of [scoringArticle, siloRuns])
      for (const base of BASES) {
        const report = computeReport(run, base);
        for (const metric of [...Object.keys(report.metrics), undefined]) {
          const scenario = { ...base, headline: { ...base.headline, metric } };
          if (metric === undefined) delete scenario.headline.metric;
          const fast = withHeadlineMetric(report, run, scenario);
          expect(fast).not.toBeNull();
          expect(fast).toEqual(computeReport(run, scenario));
        }
      }
  });

  it("is computeReport or null, on any run", () => {
    fc.assert(
      fc.property(arbRun, fc.constantFrom(...BASES), fc.string({ maxLength: 12 }), (run, base, pick) => {
        const report = computeReport(run, base);
        const metrics = [...Object.keys(report.metrics), "no-such-metric"];
        const metric = metrics[pick.length % metrics.length]!;
        const scenario = { ...base, headline: { ...base.headline, metric } };
        const fast = withHeadlineMetric(report, run, scenario);
        // Null when either headline metric is not a metric of the run (computeReport then warns).
        if (metric === "no-such-metric") expect(fast).toBeNull();
        else if (Object.hasOwn(report.metrics, report.headline.metric))
          expect(fast).toEqual(computeReport(run, scenario));
      }),
      { numRuns: 60 },
    );
  });

  it("answers null when anything but the headline metric differs", () => {
    const report = computeReport(scoringArticle);
    expect(withHeadlineMetric(report, scoringArticle, { headline: { scheme: "check" } })).toBeNull();
    expect(withHeadlineMetric(report, scoringArticle, { unscored: "fail" })).toBeNull();
    expect(onlyHeadlineMetricDiffers({}, { headline: { scheme: "task" } })).toBe(true);
    expect(onlyHeadlineMetricDiffers({ weights: { a: 2 } }, { weights: { a: 3 } })).toBe(false);
  });
});
