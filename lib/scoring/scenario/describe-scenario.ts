import { runIndex } from "../core/run-index";
import { budgetLimits, overLimits, type Budget, type BudgetKey } from "./budget";
import type { Measures } from "../core/measures";
import type { Scenario } from "./scenario";
import { SCHEME_WORDS } from "../core/schemes";
import type { ScoringRun, ScoringTask } from "../core/types";
import { count } from "../core/numbers";

const DEFAULT_METRIC = "correctness";
const DEFAULT_SCHEME = "task";

/** A count with thousands separators ("1,000,000"): lib/display is above this layer. */

/** A figure of a measure in words, in its own unit ("$0.8", "12 s", "1 tool call", "1,000,000 tokens"). */
const MEASURE_WORDS: Record<BudgetKey, (value: number) => string> = {
  costUsd: (v) => `$${v}`,
  durationMs: (v) => `${count(v / 1000)} s`,
  tokens: (v) => `${count(v)} ${v === 1 ? "token" : "tokens"}`,
  toolCalls: (v) => `${count(v)} ${v === 1 ? "tool call" : "tool calls"}`,
};

/**
 * Why a budget fails a rollout, one phrase per limit it exceeds ("12 tool calls, over the limit of 10");
 * empty when it is within the budget or no budget is set.
 */
export function describeOverBudget(measures: Measures | undefined, budget: Budget | undefined): string[] {
  return overLimits(measures, budget).map(
    ({ key, value, limit }) => `${MEASURE_WORDS[key](value)}, over the limit of ${MEASURE_WORDS[key](limit)}`,
  );
}

/** A limit in words, in the measure's own unit ("$0.5 of cost", "120 s of time"). */
const LIMIT_WORDS: Record<BudgetKey, (limit: number) => string> = {
  costUsd: (v) => `$${v} of cost`,
  durationMs: (v) => `${count(v / 1000)} s of time`,
  tokens: (v) => `${count(v)} ${v === 1 ? "token" : "tokens"}`,
  toolCalls: (v) => `${count(v)} ${v === 1 ? "tool call" : "tool calls"}`,
};

/**
 * The scenario in plain language, one sentence per change, e.g. "checkout C3 counted as passed",
 * "headline: correctness, each check one vote", "unscored rollouts counted as failures".
 * `{}` describes as no sentences: the run as recorded.
 */
export function describeScenario(
  scenario: Scenario,
  run?: Pick<ScoringRun, "tasks" | "rollouts"> | ((ref: string) => readonly ScoringTask[]),
): string[] {
  // The run's cached index (computeReport has built it already), and only when a sentence names a task; or
  // the task resolver of the caller (the columnar scorer's, runTasks' tasks alike).
  const resolve = (ref: string) =>
    run === undefined ? [] : typeof run === "function" ? run(ref) : runIndex(run).resolve(ref);
  // A task reads best by its taskId when the reference names exactly one task.
  const taskName = (ref: string): string => {
    const tasks = resolve(ref);
    return tasks.length === 1 && tasks[0] ? tasks[0].taskId : ref;
  };
  const out: string[] = [];
  const { headline } = scenario;
  if (headline && (headline.metric !== undefined || headline.scheme !== undefined)) {
    const scheme = headline.scheme ?? DEFAULT_SCHEME;
    out.push(`headline: ${headline.metric ?? DEFAULT_METRIC}, ${SCHEME_WORDS[scheme]}`);
  }
  for (const f of scenario.flips ?? []) {
    const where = f.rollout === undefined ? "" : ` in rollout ${f.rollout}`;
    out.push(`${taskName(f.task)} ${f.check} counted as ${f.passed ? "passed" : "failed"}${where}`);
  }
  for (const r of scenario.required ?? []) {
    const where = r.task === undefined ? "" : ` in ${taskName(r.task)}`;
    out.push(`${r.check} made ${r.required ? "required" : "optional"}${where}`);
  }
  const weights = Object.entries(scenario.weights ?? {});
  if (weights.length > 0) {
    out.push("tasks weighted by importance (custom)");
    for (const [ref, w] of weights) out.push(`${taskName(ref)} weighted ${w}`);
    if ((headline?.scheme ?? DEFAULT_SCHEME) !== "custom") out.push("task weights count only under the custom scheme");
  }
  for (const [group, w] of Object.entries(scenario.groupWeights ?? {})) out.push(`group ${group} weighted ${w}`);
  if (scenario.unscored === "fail") out.push("unscored rollouts counted as failures");
  if (scenario.unscored === "exclude") out.push("unscored rollouts excluded");
  if (scenario.passThreshold !== undefined) out.push(`pass threshold ${scenario.passThreshold}`);
  for (const [key, w] of Object.entries(scenario.componentWeights ?? {}))
    out.push(`grade component ${key} weighted ${w}`);
  const limits = budgetLimits(scenario.budget);
  if (limits.length > 0) {
    const words = limits.map(([key, limit]) => LIMIT_WORDS[key](limit));
    out.push(`execution budget: a scored rollout spending more than ${words.join(", or ")} fails`);
  }
  if (scenario.regraded === true)
    out.push("BenchFlow regrades applied: regraded rewards in place of the recorded ones");
  return out;
}
