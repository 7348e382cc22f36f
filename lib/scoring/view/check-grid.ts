import { applyScenario } from "../scenario/apply-scenario";
import { checkScore, isGraded } from "../core/rollout";
import type { Scenario } from "../scenario/scenario";
import type { CheckStatus, ScoringCheck, ScoringRun } from "../core/types";

/**
 * The checks × rollouts grid of one task, and the effective verdict of each check of one rollout, under a
 * what-if scenario. Pages show these verdicts (never the raw stored flags) so a flipped check reads the same
 * in the grid, on the rollout page and in the report.
 */

/** pass: full score; partial: a score strictly between 0 and 1; fail: graded and not passed; not-graded. */
export type CellVerdict = "pass" | "fail" | "partial" | "not-graded";

export interface CheckCell {
  /** Position of the check in its rollout's checks (the stored order). */
  index: number;
  verdict: CellVerdict;
  passed: boolean | null;
  /** Effective score when graded, else null. */
  score: number | null;
  status: CheckStatus;
  required: boolean;
  /** A scenario changed this check's verdict or required flag. */
  changed: boolean;
}

export interface CheckRow {
  /** Unique row id: the check key, with "#n" for the n-th repeat of a key inside one rollout. */
  id: string;
  key: string;
  label: string;
  dimension: string;
  /** required in every rollout that has the check, optional in every one, or mixed. */
  required: "required" | "optional" | "mixed";
  /** Rollouts in which the check is graded, required and not passed (as the report's failedRequired). */
  failedRequired: number;
  /** Rollouts in which the check is graded and not a full pass (fail or partial). */
  failed: number;
  /** Aligned with CheckGrid.rollouts; null where the rollout has no such check. */
  cells: (CheckCell | null)[];
}

export interface CheckGrid {
  /** Rollout ids of the task, in run order (the columns). */
  rollouts: string[];
  /** Rows whose check failed as required somewhere first (most failures first), then first-appearance order. */
  rows: CheckRow[];
}

export function cellVerdict(check: Pick<ScoringCheck, "status" | "passed" | "score">): CellVerdict {
  if (!isGraded(check)) return "not-graded";
  const score = checkScore(check);
  if (score > 0 && score < 1) return "partial";
  if (check.passed === false || score <= 0) return "fail";
  return "pass";
}

function differs(a: ScoringCheck, b: ScoringCheck): boolean {
  return a.required !== b.required || a.status !== b.status || a.passed !== b.passed || a.score !== b.score;
}

function cells(recorded: readonly ScoringCheck[], effective: readonly ScoringCheck[]): CheckCell[] {
  return effective.map((check, index) => {
    const before = recorded[index];
    return {
      index,
      verdict: cellVerdict(check),
      passed: isGraded(check) ? check.passed : null,
      score: isGraded(check) ? checkScore(check) : null,
      status: check.status,
      required: check.required,
      changed: before !== undefined && before !== check && differs(before, check),
    };
  });
}

/** Effective verdicts of one rollout's checks, in stored order; null when the run has no such rollout. */
export function rolloutCheckCells(run: ScoringRun, rolloutId: string, scenario: Scenario = {}): CheckCell[] | null {
  const i = run.rollouts.findIndex((r) => r.id === rolloutId);
  const recorded = run.rollouts[i];
  if (!recorded) return null;
  const effective = applyScenario(run, scenario).run.rollouts[i] ?? recorded;
  return cells(recorded.checks, effective.checks);
}

/** As the report's failedRequired: a graded required check that did not pass (a partial score counts as not passed). */
export function isFailedRequired(cell: Pick<CheckCell, "required" | "passed">): boolean {
  return cell.required && cell.passed === false;
}

export function taskCheckGrid(run: ScoringRun, taskKey: string, scenario: Scenario = {}): CheckGrid {
  const applied = applyScenario(run, scenario).run;
  const rows: CheckRow[] = [];
  const rowById = new Map<string, CheckRow>();
  const rollouts: string[] = [];
  run.rollouts.forEach((recorded, r) => {
    if (recorded.task !== taskKey) return;
    const column = rollouts.length;
    rollouts.push(recorded.id);
    const effective = applied.rollouts[r] ?? recorded;
    const seen = new Map<string, number>();
    cells(recorded.checks, effective.checks).forEach((cell, index) => {
      const check = effective.checks[index];
      if (!check) return;
      const repeat = seen.get(check.key) ?? 0;
      seen.set(check.key, repeat + 1);
      const id = repeat === 0 ? check.key : `${check.key}#${repeat}`;
      let row = rowById.get(id);
      if (!row) {
        row = {
          id,
          key: check.key,
          label: check.label,
          dimension: check.dimension,
          required: check.required ? "required" : "optional",
          failedRequired: 0,
          failed: 0,
          cells: [],
        };
        rowById.set(id, row);
        rows.push(row);
      } else if ((row.required === "required") !== check.required) {
        row.required = "mixed";
      }
      row.cells[column] = cell;
      if (isFailedRequired(cell)) row.failedRequired += 1;
      if (cell.verdict === "fail" || cell.verdict === "partial") row.failed += 1;
    });
  });
  for (const row of rows) row.cells = rollouts.map((_, column) => row.cells[column] ?? null);
  const order = new Map(rows.map((row, i) => [row.id, i]));
  rows.sort((a, b) => {
    const failedFirst = Number(b.failedRequired > 0) - Number(a.failedRequired > 0);
    if (failedFirst !== 0) return failedFirst;
    if (a.failedRequired > 0) {
      const most = b.failedRequired - a.failedRequired;
      if (most !== 0) return most;
    }
    return (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0);
  });
  return { rollouts, rows };
}
