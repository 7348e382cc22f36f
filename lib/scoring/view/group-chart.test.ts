import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { groupChartData } from "./group-chart";
import { computeReport } from "../report/report";

describe("groupChartData", () => {
  it("one row per group, one series per dimension graded somewhere", () => {
    const data = groupChartData(computeReport(scoringArticle).groups);
    expect(data.series).toEqual(["correctness", "completion", "authority", "grounding"]);
    expect(data.rows.map((r) => r.group).sort()).toEqual(["data", "incident", "lookup"]);
    const data0 = data.rows.find((r) => r.group === "data")!;
    expect(data0.values.correctness).toBeCloseTo(0.5, 10);
    expect(data0.values.grounding).toBeNull();
  });

  it("leaves out dimensions no group has", () => {
    const data = groupChartData(computeReport(siloRuns).groups);
    expect(data.series).not.toContain("authority");
    expect(data.series).toContain("completion");
    expect(data.rows.map((r) => [r.group, r.tasks])).toEqual([
      ["crm", 2],
      ["finance", 2],
    ]);
  });
});
