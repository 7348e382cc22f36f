/** Ingest warnings that say why a rollout was stored unscored (lib/formats), matched by their opening words. */
export const UNSCORED_WARNINGS = [
  "no required checks",
  "no required check was graded",
  "no result.json beside run.json",
];

export interface UnscoredFacts {
  status: "scored" | "unscored";
  /** The harness's error type (Harbor's exception type, Inspect's error category), when it gave one. */
  errorCategory: string | null;
  error: string | null;
  warnings: readonly string[];
  /** Whether any check was graded. */
  anyGraded: boolean;
}

/**
 * Why a rollout is unscored, as a short reason to group by ("RewardFileNotFoundError", "no required checks",
 * "an error was recorded"), or null when it is scored. The error's type wins: it is what people filter by.
 */
export function unscoredReasonOf(facts: UnscoredFacts): string | null {
  if (facts.status === "scored") return null;
  const category = facts.errorCategory?.trim();
  if (category) return category;
  if (facts.error !== null && facts.error.trim() !== "") return "an error was recorded";
  const warning = facts.warnings.find((w) => UNSCORED_WARNINGS.some((start) => w.toLowerCase().startsWith(start)));
  if (warning !== undefined) return (warning.split(":")[0] ?? warning).trim();
  return facts.anyGraded ? "no reward" : "no reward and no graded check";
}

/** Unscored rollouts counted by reason, most first (then by reason). */
export function countUnscoredReasons(
  rollouts: readonly { status: "scored" | "unscored"; unscoredReason?: string }[],
): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rollouts) {
    if (r.status !== "unscored") continue;
    const reason = r.unscoredReason ?? "no reason recorded";
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}
