import type { GraderKind } from "./review-types";

/** Inspect's model-graded scorers by name (model_graded_qa, model_graded_fact) and names that say a judge. */
const MODEL_NAME = /model_graded|llm[-_ ]?judge|llm[-_ ]?grader|judge|rubric[-_ ]?review/i;
/** Inspect's built-in scorers that compare text by rule. */
const INSPECT_CODE = /^(match|includes|exact|f1|pattern|answer|choice)$/;

/**
 * Who judged a check, where the format says so (docs/formats.md#who-judged-a-check), by the format and the
 * check's key: Silo, Harbor (test results) and tau-bench (state and output comparisons) are code; rubric
 * verdict files are a judge's (model); Inspect scorers and BenchFlow reward blocks by name (a model-graded
 * scorer, an `llm-judge` or rubric-review block is model; Inspect's rule-based scorers are code); otherwise
 * unknown.
 */
export function graderKindOf(format: string, checkKey: string): GraderKind {
  if (format === "silo" || format === "harbor" || format === "tau-bench") return "code";
  if (format === "rubric") return "model";
  if (format === "inspect") {
    const scorer = checkKey.split(/[/[]/)[0] ?? checkKey;
    if (MODEL_NAME.test(scorer)) return "model";
    return INSPECT_CODE.test(scorer) ? "code" : "unknown";
  }
  if (format === "benchflow") {
    const block = checkKey.split(".")[0] ?? checkKey;
    return MODEL_NAME.test(block) ? "model" : "unknown";
  }
  return "unknown";
}
