import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { formatReport } from "./format-report";

const linesOf = (folder: string) => {
  const [run] = parseBatch(loadFixture(folder), { rootName: folder }).runs;
  return formatReport(computeReport(toScoringRun(run!), {})).split("\n");
};

describe("formatReport", () => {
  it("counts tasks and rollouts in the singular and the plural", () => {
    expect(linesOf("benchflow-real")[0]).toContain(": 1 task, 1 rollout (0 unscored)");
    expect(linesOf("harbor-real")[0]).toContain(": 14 tasks, 19 rollouts (5 unscored)");
  });

  it("lines up every task's figures however long its key", () => {
    const lines = linesOf("harbor-real");
    const tasks = lines.slice(lines.indexOf("  tasks:") + 1).filter((l) => l.startsWith("    "));
    expect(tasks).toHaveLength(14);
    expect(new Set(tasks.map((l) => l.indexOf(" mean "))).size, tasks.join("\n")).toBe(1);
  });
});
