import type { CellVerdict } from "@/lib/scoring/view/check-grid";
import type { CheckStatus } from "@/lib/scoring/core/types";

/** Display words for check verdicts and fields, shared by the task grid and the rollout page. */

/** A reward or score with two decimals, so a column of them lines up ("0.60", "1.00"); "—" when undefined. */
export function fixed2(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return value.toFixed(2);
}

/** The short score shown in a partial cell ("0.5", "0.25"). */
export function shortScore(value: number | null): string {
  if (value === null) return "";
  return String(Number(value.toFixed(2)));
}

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
