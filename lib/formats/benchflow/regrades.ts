import type { Regrade } from "../types";
import type { TRegradeBlock, TRegradeRecord, TRegradeRow } from "./schema";

/**
 * BenchFlow regrades (`bench eval regrade`): the task's current verifier re-run on a trial's frozen workspace.
 * The trial's result.json keeps its original rewards; regrade.json beside it holds every regrade block and the
 * job gets regrade-summary.json. Tally keeps the originally recorded reward as the rollout's reward and reports
 * each regrade beside it (run.regrades), so the run stays what was recorded and the regrade view shows both.
 */
export interface TrialRegrade {
  rollout: string;
  /** regraded | failed | not_regradable (BenchFlow's row statuses; a block's "complete" is "regraded"). */
  status: string;
  regradeId: string | null;
  originalReward: number | null;
  newReward: number | null;
  /** BenchFlow's own words: same, fail->pass, pass->fail, "reward a -> b", scored, unscored. */
  changeText: string | null;
  reason: string | null;
  from: "regrade.json" | "regrade-summary.json";
}

const EPSILON = 1e-9;

/** The block regrade.json names as latest, else its last block. */
export function latestBlock(record: TRegradeRecord): TRegradeBlock | null {
  const byId = record.latest ? record.regrades.find((b) => b.id === record.latest) : undefined;
  return byId ?? record.regrades[record.regrades.length - 1] ?? null;
}

export function fromRecord(rollout: string, record: TRegradeRecord): TrialRegrade | null {
  const block = latestBlock(record);
  if (!block) return null;
  const status =
    block.status === "complete" || (block.status == null && block.new_reward != null) ? "regraded" : "failed";
  return {
    rollout,
    status,
    regradeId: block.id ?? null,
    originalReward: block.original_reward ?? record.original?.reward ?? null,
    newReward: block.new_reward ?? null,
    changeText: block.change ?? null,
    reason: status === "failed" ? (block.verifier_error ?? block.status ?? null) : (block.reason ?? null),
    from: "regrade.json",
  };
}

export function fromSummaryRow(row: TRegradeRow): TrialRegrade {
  return {
    rollout: row.trial,
    status: row.status,
    regradeId: row.regrade_id ?? null,
    originalReward: row.original_reward ?? null,
    newReward: row.new_reward ?? null,
    changeText: row.change ?? null,
    reason: row.reason ?? null,
    from: "regrade-summary.json",
  };
}

/** Pass/fail verdict change at the pass threshold; "unchanged" when either side has no reward. */
export function verdictChange(original: number | null, next: number | null, threshold: number): Regrade["change"] {
  if (original === null || next === null) return "unchanged";
  const before = original >= threshold - EPSILON;
  const after = next >= threshold - EPSILON;
  return before === after ? "unchanged" : after ? "fail->pass" : "pass->fail";
}

function changed(r: TrialRegrade): boolean {
  if (r.changeText) return r.changeText !== "same";
  if (r.originalReward === null || r.newReward === null) return r.originalReward !== r.newReward;
  return Math.abs(r.originalReward - r.newReward) > EPSILON;
}

/** The regrades a report lists: every trial scored again (failed and not-regradable ones are only counted). */
export function runRegrades(list: readonly TrialRegrade[], threshold: number): Regrade[] {
  return list
    .filter((r) => r.status === "regraded")
    .map((r) => ({
      rollout: r.rollout,
      originalReward: r.originalReward,
      newReward: r.newReward,
      change: verdictChange(r.originalReward, r.newReward, threshold),
    }));
}

/**
 * BenchFlow's own summary sentence, "1 regraded, 1 changed (0 fail->pass, 1 pass->fail)", counted as
 * `bench eval regrade` counts (changed: any regraded trial whose reward or verdict moved), with
 * "; N failed, M not regradable" appended when there are any.
 */
export function regradeSentence(list: readonly TrialRegrade[], threshold: number): string {
  const regraded = list.filter((r) => r.status === "regraded");
  const moved = regraded.filter(changed);
  const change = (r: TrialRegrade) => verdictChange(r.originalReward, r.newReward, threshold);
  const failToPass = moved.filter((r) => change(r) === "fail->pass").length;
  const passToFail = moved.filter((r) => change(r) === "pass->fail").length;
  let sentence = `${regraded.length} regraded, ${moved.length} changed (${failToPass} fail->pass, ${passToFail} pass->fail)`;
  const failed = list.filter((r) => r.status === "failed").length;
  const notRegradable = list.filter((r) => r.status === "not_regradable").length;
  const extra = [
    failed > 0 ? `${failed} failed` : "",
    notRegradable > 0 ? `${notRegradable} not regradable` : "",
  ].filter(Boolean);
  if (extra.length > 0) sentence += `; ${extra.join(", ")}`;
  return sentence;
}

/** A rollout's own line about its regrade, e.g. "regraded pass->fail: reward 1 -> 0 (…); the recorded reward 1 is kept". */
export function rolloutRegradeWarning(r: TrialRegrade, threshold: number): string {
  const id = r.regradeId ? ` ${r.regradeId}` : "";
  if (r.status !== "regraded") {
    return `regrade${id} ${r.status === "not_regradable" ? "not possible" : "failed"}${r.reason ? `: ${r.reason}` : ""}`;
  }
  const change = verdictChange(r.originalReward, r.newReward, threshold);
  const verdict = change === "unchanged" ? "verdict unchanged" : change;
  const why = r.reason ? ` (${r.reason})` : "";
  return `regraded${id}, ${verdict}: reward ${r.originalReward ?? "none"} -> ${r.newReward ?? "none"}${why}; the recorded reward ${r.originalReward ?? "none"} is kept`;
}

/** Disagreement between a trial's regrade.json and the job's regrade-summary.json row for the same regrade. */
export function regradeDisagreement(record: TrialRegrade, row: TrialRegrade): string | null {
  if (record.regradeId && row.regradeId && record.regradeId !== row.regradeId) return null; // different regrades
  const diffs: string[] = [];
  const same = (a: number | null, b: number | null) =>
    a === null || b === null ? a === b : Math.abs(a - b) <= EPSILON;
  if (!same(record.originalReward, row.originalReward))
    diffs.push(`original reward ${record.originalReward} vs ${row.originalReward}`);
  if (!same(record.newReward, row.newReward)) diffs.push(`new reward ${record.newReward} vs ${row.newReward}`);
  return diffs.length === 0
    ? null
    : `regrade.json and regrade-summary.json disagree: ${diffs.join("; ")} (using regrade.json)`;
}
