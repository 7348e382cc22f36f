import { UNSCORED_WARNINGS } from "@/lib/scoring/core/unscored-reason";
import type { CheckStatus } from "@/lib/scoring/core/types";

/**
 * Why a rollout is unscored, in a few words ("an error was recorded; no required check was graded"), or null
 * when it is scored. The full warning and error texts are shown elsewhere on the page.
 */
export function unscoredReason(rollout: {
  status: "scored" | "unscored";
  /** The error as recorded (or its head). */
  error: string | null;
  warnings: readonly string[];
  checks: readonly { status: CheckStatus }[];
}): string | null {
  if (rollout.status === "scored") return null;
  const reasons: string[] = [];
  if (rollout.error !== null && rollout.error.trim() !== "") reasons.push("an error was recorded");
  const warning = rollout.warnings.find((w) => UNSCORED_WARNINGS.some((start) => w.toLowerCase().startsWith(start)));
  if (warning !== undefined) reasons.push(warning.split(":")[0] ?? warning);
  else if (!rollout.checks.some((c) => c.status === "graded")) reasons.push("no check was graded");
  return reasons.length > 0 ? reasons.join("; ") : "no reward and no graded check";
}
