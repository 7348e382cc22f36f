import { isRunColumns, type RunColumns } from "../../columns/run-columns";
import type { ScoringRun } from "../../core/types";
import type { Scenario } from "../../scenario/scenario";
import { computeReport } from "../report";
import { LEVER_COUNT, levers } from "../levers";
import type { Lever, Report } from "../report-types";
import { columnLevers } from "./column-levers";
import { scoreColumns, scorerOf } from "./column-scorer";

/** A run given either way, scored: its columns by the columnar scorer, its objects by computeReport. */
export type ScorableRun = ScoringRun | RunColumns;

/** computeReport(run, scenario), from the run's columns when it is given as columns. */
export function reportOf(run: ScorableRun, scenario: Scenario = {}): Report {
  return isRunColumns(run) ? scoreColumns(run, scenario) : computeReport(run, scenario);
}

/**
 * levers(run, scenario), from the run's columns when it is given as columns. The scenario of a report just scored
 * from them (the same object) costs no scoring, and leaves that report's rollout rows unmade.
 */
export function leversOf(run: ScorableRun, scenario: Scenario = {}, limit = LEVER_COUNT): Lever[] {
  if (!isRunColumns(run)) return levers(run, scenario, limit);
  const scorer = scorerOf(run, scenario);
  scorer.prepare(scenario);
  return columnLevers(scorer, limit);
}
