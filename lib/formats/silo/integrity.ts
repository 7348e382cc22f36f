import type { NormalizedCheck } from "../types";
import type { TSiloResult } from "./schema";

/** Silo rounds rewards as JavaScript does: 1/3 -> 0.33, 1/6 -> 0.17. */
export function siloRound(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

/** The summary fields of a result, recomputed from its checks. A check without a verdict counts nowhere. */
export interface CheckTally {
  passed: boolean;
  /** Σ score / graded checks, unrounded; null when nothing was graded. */
  reward: number | null;
  requiredPassed: number;
  requiredTotal: number;
  failedRequired: string[];
  checksPassed: number;
  checksFailed: number;
  graded: number;
}

export function tallyChecks(checks: readonly NormalizedCheck[]): CheckTally {
  const graded = checks.filter((c) => c.status === "graded" && c.passed !== null);
  const required = graded.filter((c) => c.required);
  const failedRequired = required.filter((c) => c.passed === false).map((c) => c.label);
  const sum = graded.reduce((total, c) => total + (c.score ?? (c.passed ? 1 : 0)), 0);
  return {
    passed: failedRequired.length === 0,
    reward: graded.length > 0 ? sum / graded.length : null,
    requiredPassed: required.length - failedRequired.length,
    requiredTotal: required.length,
    failedRequired,
    checksPassed: graded.filter((c) => c.passed === true).length,
    checksFailed: graded.filter((c) => c.passed === false).length,
    graded: graded.length,
  };
}

const TOLERANCE = 1e-9;

function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((label, i) => label === y[i]);
}

/**
 * One warning naming every stored summary field that disagrees with the checks, with both values, e.g.
 * "stored summary disagrees with the checks: requiredPassed 3 vs 2 from checks". null when all agree.
 * A reward matches when it equals the mean score rounded as Silo rounds (or unrounded).
 */
export function integrityWarning(result: TSiloResult, tally: CheckTally): string | null {
  const diffs: string[] = [];
  const count = (field: Extract<keyof CheckTally, keyof TSiloResult>, stored: number | undefined, computed: number) => {
    if (stored !== undefined && stored !== computed) diffs.push(`${field} ${stored} vs ${computed} from checks`);
  };
  if (result.passed !== tally.passed) diffs.push(`passed ${result.passed} vs ${tally.passed} from checks`);
  if (result.reward !== null && tally.reward !== null) {
    const rounded = siloRound(tally.reward);
    if (Math.abs(result.reward - rounded) > TOLERANCE && Math.abs(result.reward - tally.reward) > TOLERANCE) {
      diffs.push(`reward ${result.reward} vs ${rounded} from checks`);
    }
  }
  count("requiredPassed", result.requiredPassed, tally.requiredPassed);
  count("requiredTotal", result.requiredTotal, tally.requiredTotal);
  if (result.failedRequired !== undefined && !sameLabels(result.failedRequired, tally.failedRequired)) {
    diffs.push(
      `failedRequired ${JSON.stringify(result.failedRequired)} vs ${JSON.stringify(tally.failedRequired)} from checks`,
    );
  }
  count("checksPassed", result.checksPassed, tally.checksPassed);
  count("checksFailed", result.checksFailed, tally.checksFailed);
  return diffs.length === 0 ? null : `stored summary disagrees with the checks: ${diffs.join("; ")}`;
}
