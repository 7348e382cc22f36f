import { shortScore } from "@/lib/display/format";
import type { CellVerdict } from "@/lib/scoring/view/check-grid";
import type { CheckStatus } from "@/lib/scoring/core/types";

/** Display words for check verdicts and fields, shared by the task grid and the rollout page. */

export function verdictWord(verdict: CellVerdict, score: number | null): string {
  switch (verdict) {
    case "pass":
      return "pass";
    case "fail":
      return "fail";
    case "partial":
      return `partial ${shortScore(score)}`;
    case "not-graded":
      return "not graded";
  }
}

export function statusWord(status: CheckStatus): string {
  return status === "not_assigned" ? "not assigned" : status;
}

export function requiredWord(required: boolean | "required" | "optional" | "mixed"): string {
  if (required === true) return "required";
  if (required === false) return "optional";
  return required === "mixed" ? "required in some" : required;
}

/**
 * A check detail of several lines (a test's traceback, a diff) is shown in a monospaced font, so its
 * indentation and markers line up as the harness wrote them; one line reads as prose.
 */
export function isPreformatted(text: string): boolean {
  return text.includes("\n");
}
