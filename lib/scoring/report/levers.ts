import { metricKind } from "../core/dimensions";
import { isGraded } from "../core/rollout";
import type { ScoringCheck, ScoringRun } from "../core/types";
import { scenarioEdits } from "../scenario/apply-scenario";
import { budgetLimits } from "../scenario/budget";
import type { Scenario } from "../scenario/scenario";
import { DEFAULT_SCHEME, headlineMetric, scoredTaskCount } from "./report-metrics";
import type { Lever, Report } from "./report-types";
import { scoreRun } from "./score-run";
import { SuiteSums } from "./suite-sums";
import { TaskFlip, type Rescoring, type TaskFlipEntry } from "./task-flip";

export type { Lever } from "./report-types";

/** How many levers the report and the run page list. */
export const LEVER_COUNT = 10;

/** Below this a headline change is rounding, not an effect. */
const NO_EFFECT = 1e-12;

/**
 * The checks of one task that have a verdict to get wrong: each check key graded in some rollout of the task
 * (as the scenario leaves it), in order of first appearance, with its first label. The flip goes against the
 * verdict most of its rollouts give (a tie: counted as failed), so a check every rollout passes is counted
 * as failed.
 */
function candidates(checks: readonly (readonly ScoringCheck[])[]): (TaskFlipEntry & { label: string })[] {
  const tally = new Map<string, { label: string; passes: number; failures: number }>();
  for (const list of checks) {
    for (const c of list) {
      let t = tally.get(c.key);
      if (!t) tally.set(c.key, (t = { label: c.label, passes: 0, failures: 0 }));
      if (!isGraded(c)) continue;
      if (c.passed === true) t.passes += 1;
      else if (c.passed === false) t.failures += 1;
    }
  }
  const out: (TaskFlipEntry & { label: string })[] = [];
  for (const [check, t] of tally) {
    if (check === "" || t.passes + t.failures === 0) continue;
    out.push({ check, label: t.label, passed: t.failures > t.passes });
  }
  return out;
}

/**
 * Fragile verdicts (docs/scoring.md#fragile-verdicts): for every (task, check) with a verdict, how the headline
 * would change if that verdict were the other way in every rollout of the task, i.e. under the scenario plus
 * the flip `{task, check, passed}`. Largest |delta| first, the `limit` largest, none without effect.
 * Incremental: a flip re-scores only the rollouts it changes (TaskFlip) and replaces its task's figure in the
 * headline's sums (SuiteSums), never a whole report per check.
 */
export function levers(run: ScoringRun, scenario: Scenario = {}, limit = LEVER_COUNT): Lever[] {
  const scored = scoreRun(run, scenario);
  const context: Rescoring = { scored, edits: scenarioEdits(run, scenario), limits: budgetLimits(scenario.budget) };
  const { metrics, taskCells, index } = scored;
  const scheme = scenario.headline?.scheme ?? DEFAULT_SCHEME;
  const requested = scenario.headline?.metric;
  const weights = scored.tasks.map((t) => t.weight);

  const sums = new Map<string, SuiteSums | null>();
  const sumsOf = (metric: string): SuiteSums | null => {
    let s = sums.get(metric);
    if (s === undefined) {
      const m = metrics.indexOf(metric);
      s = m < 0 ? null : new SuiteSums(taskCells, m, scheme, weights, index.taskGroup, scored.groupWeight);
      sums.set(metric, s);
    }
    return s;
  };
  // A flip changes verdicts, never whether a rollout is scored: the tasks with a scored rollout stay the same.
  const scoredTasks = scoredTaskCount(scored.tasks.map((t) => t.summary));
  const { metric: headline, fallback } = headlineMetric(requested, {
    eligibleTasks: (name) => sumsOf(name)?.eligibleTasks ?? 0,
    scoredTasks,
  });
  const base = sumsOf(headline)?.base ?? null;
  if (base === null) return [];
  // Flips only ever grade checks: a dimension headline that is not a fallback stays the headline, and a flip
  // that changes no check of that dimension leaves it as it is. A fallback may give way to correctness.
  const dimension = fallback === null && metricKind(headline) === "dimension" ? headline : null;

  const rowsOf: number[][] = scored.tasks.map(() => []);
  index.rolloutTask.forEach((t, r) => rowsOf[t]!.push(r));
  const found: Lever[] = [];
  rowsOf.forEach((rows, t) => {
    const task = scored.tasks[t]!.task.key;
    if (task === "") return;
    const flip = new TaskFlip(rows, context, dimension);
    for (const candidate of candidates(flip.checks)) {
      if (!flip.apply(candidate)) continue;
      if (dimension !== null && !flip.touches(dimension)) continue;
      const metric =
        fallback === null
          ? headline
          : headlineMetric(requested, {
              eligibleTasks: (name) => {
                const s = sumsOf(name);
                if (s === null) return 0;
                return s.eligibleTasks - (s.eligible(t) ? 1 : 0) + (flip.taskCell(name).votes !== 0 ? 1 : 0);
              },
              scoredTasks,
            }).metric;
      const cell = flip.taskCell(metric);
      const value = sumsOf(metric)?.valueWith(t, cell.value, cell.pooled, cell.votes) ?? null;
      if (value === null) continue;
      const delta = value - base;
      if (Math.abs(delta) < NO_EFFECT) continue;
      found.push({ task, check: candidate.check, label: candidate.label, passed: candidate.passed, delta });
    }
  });
  // A stable sort: equal effects keep task order, then check order.
  found.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  return found.slice(0, limit);
}

/** The report with its levers, as the report API and `tally score --json` give it (`report` is not mutated). */
export function withLevers(report: Report, run: ScoringRun, scenario: Scenario): Report {
  return { ...report, levers: levers(run, scenario) };
}
