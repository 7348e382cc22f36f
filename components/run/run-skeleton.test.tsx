import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RunSummary } from "@/lib/views/records";
import { RunSkeleton } from "./run-skeleton";

const summary: RunSummary = {
  tasks: 2000,
  rollouts: 10_000,
  scored: 10_000,
  unscored: 0,
  passRate: 0.7,
  meanReward: 0.8,
  headline: { metric: "correctness", scheme: "task", value: 0.829 },
  warnings: 0,
};

describe("RunSkeleton", () => {
  it("shows the stored headline in its place while the run is read", () => {
    const html = renderToStaticMarkup(<RunSkeleton summary={summary} />);
    expect(html).toContain('data-testid="early-headline-value">82.9%</div>');
    expect(html).toContain("<strong>Correctness</strong> — ");
    expect(html).toContain("Reading the run’s 10,000 rollouts…");
  });

  it("shapes only, with no summary (a run stored before summaries, or a scenario in the URL)", () => {
    expect(renderToStaticMarkup(<RunSkeleton />)).not.toContain("early-headline");
    expect(renderToStaticMarkup(<RunSkeleton summary={null} />)).not.toContain("early-headline");
  });
});
