import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { passAtKPoints, schemePoints } from "./chart-data";
import { computeReport } from "../report/report";

describe("chart data", () => {
  it("pass@k curve points of a task, k ascending", () => {
    const t = computeReport(siloRuns).tasks.find((x) => x.key === "finance/TASK-007");
    const points = passAtKPoints(t!);
    expect(points.map((p) => p.k)).toEqual([1, 2, 3, 4, 5]);
    expect(points[1]?.passAtK).toBeCloseTo(0.9, 10);
    expect(points[2]?.passHatK).toBeCloseTo(0.1, 10);
  });

  it("one headline value per scheme, the active one marked", () => {
    const m = computeReport(scoringArticle).metrics.correctness!;
    const points = schemePoints(m);
    expect(points.map((p) => [p.scheme, p.label, p.active])).toEqual([
      ["task", "each task one vote", true],
      ["check", "each check one vote", false],
      ["group", "each group one vote", false],
      ["custom", "declared task weights", false],
    ]);
    expect(points[1]?.value).toBeCloseTo(2 / 3, 10);
  });
});
