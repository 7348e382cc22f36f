import { describe, expect, it } from "vitest";
import { graderKindOf } from "./grader-kind";

describe("graderKindOf", () => {
  it("reads who judged a check where the format says so, else unknown", () => {
    const cases: [string, string, string][] = [
      ["silo", "C3", "code"],
      ["harbor", "test_outputs.py::test_file", "code"],
      ["tau-bench", "r_actions", "code"],
      ["rubric", "R1", "model"],
      ["inspect", "model_graded_qa", "model"],
      ["inspect", "model_graded_fact/accuracy", "model"],
      ["inspect", "match", "code"],
      ["inspect", "includes[0]", "code"],
      ["inspect", "my_custom_scorer", "unknown"],
      ["benchflow", "llm-judge.helpfulness", "model"],
      ["benchflow", "rubric_review.clarity", "model"],
      ["benchflow", "tests.unit", "unknown"],
      ["grade", "defect_matching", "unknown"],
    ];
    for (const [format, key, kind] of cases) expect(graderKindOf(format, key), `${format} ${key}`).toBe(kind);
  });
});
