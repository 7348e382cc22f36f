import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FailureTags, MostFailedChecks } from "./failures";

// Counts of a 100,000-rollout run: every count a reader compares carries its separators.
describe("the failure panels of a large run", () => {
  const tasks = Array.from({ length: 5 }, (_, i) => `task-${i}`);
  const checks = Array.from({ length: 1_200 }, (_, i) => ({
    key: `check-${i}`,
    label: `Check ${i}`,
    dimension: "correctness",
    failures: 17_312 - i,
    rollouts: 100_000,
    tasks,
    taskCount: 11_090,
  }));

  it("most-failed checks: failures, graded rollouts, tasks not named and the list's length", () => {
    const html = renderToStaticMarkup(<MostFailedChecks checks={checks} noneWords="" taskHref={() => null} />);
    expect(html).toContain("<strong>17,312</strong>");
    expect(html).toContain("/100,000</span>");
    expect(html).toContain(" and 11,085 more</span>");
    expect(html).toContain("Show all 1,200");
  });

  it("failure tags: each tag's count and the list's length", () => {
    const tags = Array.from({ length: 2_500 }, (_, i) => ({ tag: `tag-${i}`, count: 12_345 - i }));
    const html = renderToStaticMarkup(<FailureTags tags={tags} />);
    expect(html).toContain('<span class="num">12,345</span>');
    expect(html).toContain("Show all 2,500");
  });
});
