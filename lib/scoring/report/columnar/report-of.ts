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

/** levers(run) as recorded, from the run's columns when it is given as columns. */
export function leversOf(run: ScorableRun, limit = LEVER_COUNT): Lever[] {
  if (!isRunColumns(run)) return levers(run, {}, limit);
  const scorer = scorerOf(run);
  scorer.prepare({});
  return columnLevers(scorer, limit);
}
