import type { TBenchflowSummary } from "./schema";

/** What the trial folders of a job say, counted as BenchFlow's summary.json counts them. */
export interface TrialTally {
  total: number;
  scored: number;
  unscored: number;
  /** Scored trials whose reward reaches the pass threshold. */
  passes: number;
  /** Mean reward over scored trials; null when none is scored. */
  meanReward: number | null;
}

export function tallyTrials(rewards: readonly (number | null)[], threshold: number): TrialTally {
  const scored = rewards.filter((r): r is number => r !== null);
  return {
    total: rewards.length,
    scored: scored.length,
    unscored: rewards.length - scored.length,
    passes: scored.filter((r) => r >= threshold - 1e-9).length,
    meanReward: scored.length > 0 ? scored.reduce((a, b) => a + b, 0) / scored.length : null,
  };
}

/** summary.json rounds its ratios and mean to four decimals. */
const TOLERANCE = 1e-4;

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * A warning naming every summary.json figure that disagrees with the trial folders beside it, e.g.
 * "summary.json disagrees with the 5 trial folders: total 6 vs 5; mean_reward 0.7 vs 0.6667 over scored trials".
 * null when all agree (fields the summary omits are not compared).
 */
export function summaryDisagreement(
  summary: TBenchflowSummary,
  tally: TrialTally,
  run: { agent: string | null; model: string | null },
): string | null {
  const diffs: string[] = [];
  const count = (field: string, stored: number | undefined, actual: number) => {
    if (stored !== undefined && stored !== actual) diffs.push(`${field} ${stored} vs ${actual}`);
  };
  const ratio = (field: string, stored: number | null | undefined, actual: number | null, what: string) => {
    if (stored == null) return;
    if (actual === null || Math.abs(stored - actual) > TOLERANCE) {
      diffs.push(`${field} ${stored} vs ${actual === null ? "none" : round4(actual)} ${what}`);
    }
  };
  count("total", summary.total, tally.total);
  count("unscored", summary.unscored, tally.unscored);
  count("passed", summary.passed, tally.passes);
  count("failed", summary.failed, tally.scored - tally.passes);
  ratio("mean_reward", summary.mean_reward, tally.meanReward, "over scored trials");
  ratio(
    "score_ratio",
    summary.score_ratio,
    tally.total > 0 ? tally.passes / tally.total : null,
    "(passes over all trials)",
  );
  ratio(
    "score_excl_errors_ratio",
    summary.score_excl_errors_ratio,
    tally.scored > 0 ? tally.passes / tally.scored : null,
    "(passes over scored trials)",
  );
  if (summary.agent && run.agent && summary.agent !== run.agent) diffs.push(`agent ${summary.agent} vs ${run.agent}`);
  if (summary.model && run.model && summary.model !== run.model) diffs.push(`model ${summary.model} vs ${run.model}`);
  if (diffs.length === 0) return null;
  const trials = `${tally.total} trial folder${tally.total === 1 ? "" : "s"}`;
  return `summary.json disagrees with the ${trials}: ${diffs.join("; ")}`;
}
