import { stringPool } from "@/lib/formats/string-pool";
import type { ScoringCheck } from "@/lib/scoring/core/types";

/** Distinct checks a pool keeps at most: past that, a run's checks are too varied for sharing to pay. */
const MAX_CHECKS = 50_000;

export interface ScoringPool {
  string: (s: string) => string;
  /** One object for each distinct check: ScoringCheck is immutable, and a run's rollouts repeat a few. */
  check: (c: ScoringCheck) => ScoringCheck;
}

/**
 * Shared copies for the scoring views of a run held together (ingest keeps a whole run's views until its
 * summaries are computed): each rollout then costs its own fields and an array of references to checks.
 */
export function scoringPool(): ScoringPool {
  const string = stringPool();
  const checks = new Map<string, ScoringCheck>();
  return {
    string,
    check(c) {
      const key = [c.key, c.label, c.passed, c.score, c.required, c.dimension, c.status, c.weight, c.failureTag].join(
        "\u0000",
      );
      const found = checks.get(key);
      if (found) return found;
      if (checks.size < MAX_CHECKS) checks.set(key, c);
      return c;
    },
  };
}
