import type { MetricKind } from "@/lib/scoring/core/dimensions";
import { count, plural } from "@/lib/scoring/core/numbers";
import type { ComparisonPower } from "@/lib/scoring/report/compare-power";
import type { TaskTestSummary } from "@/lib/scoring/report/compare-task-tests";
import type { DeltaVerdict } from "@/lib/scoring/report/compare-verdict";
import { deltaText, seText } from "./format";

const rolloutsText = (n: number) => (Number.isInteger(n) ? count(n) : n.toFixed(1));

/**
 * "Can detect 33.5 pp or more: the minimum detectable effect at 80% power, α = 0.05 (2.80 × the paired SE
 * 12.0 pp)". Null without an SE (fewer than two tasks).
 */
export function mdeText(kind: MetricKind, power: ComparisonPower, se: number | null): string | null {
  if (power.mde === null || se === null) return null;
  return (
    `Can detect ${seText(kind, power.mde)} or more: the minimum detectable effect at ` +
    `${Math.round(power.power * 100)}% power, α = ${power.alpha} (2.80 × the paired SE ${seText(kind, se)})`
  );
}

/**
 * For an unclear verdict, what would make the observed difference visible: "To see +6.3 pp: 116 tasks at
 * today's 4 rollouts per task, or 283 rollouts per task on today's 4 tasks". Null for any other verdict.
 */
export function neededText(
  kind: MetricKind,
  power: ComparisonPower,
  estimate: { delta: number | null; tasks: number },
  verdict: DeltaVerdict,
): string | null {
  if (verdict !== "unclear" || power.tasks === null) return null;
  const now = power.rollouts === null ? "" : ` at today's ${rolloutsText(power.rollouts)} rollouts per task`;
  const tasks = `${plural(power.tasks, "task")}${now}`;
  const rollouts =
    power.rolloutsPerTask !== null
      ? `, or ${count(power.rolloutsPerTask)} rollouts per task on today's ${plural(estimate.tasks, "task")}`
      : power.within !== null
        ? "; more rollouts per task cannot get there (the tasks themselves differ by more)"
        : "";
  return `To see ${deltaText(kind, estimate.delta)}: ${tasks}${rollouts}`;
}

/**
 * "1 task regressed and 0 improved after Benjamini–Hochberg at q = 0.05 over 5 tested tasks; 2 and 0 before
 * correction".
 */
export function taskTestsText(s: TaskTestSummary): string {
  if (s.tested === 0) return "No common task has counted rollouts in both runs to test.";
  return (
    `${plural(s.regressed, "task")} regressed and ${count(s.improved)} improved by its own test (Fisher exact on ` +
    `its passes), after Benjamini–Hochberg at q = ${s.q} over ${plural(s.tested, "tested task")}; ` +
    `${count(s.uncorrected.regressed)} and ${count(s.uncorrected.improved)} with p ≤ ${s.q} before correction.`
  );
}

/** An adjusted p-value in a table cell: "0.081", "< 0.001", "—" when the task was not tested. */
export function adjustedPText(p: number | null): string {
  if (p === null) return "—";
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}
