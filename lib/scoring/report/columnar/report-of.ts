import { isRunColumns, type RunColumns } from "../../columns/run-columns";
import type { ScoringRun } from "../../core/types";
import type { Scenario } from "../../scenario/scenario";
import { computeReport } from "../report";
import type { Report } from "../report-types";
import { scoreColumns } from "./column-scorer";

/** A run given either way, scored: its columns by the columnar scorer, its objects by computeReport. */
export type ScorableRun = ScoringRun | RunColumns;

/** computeReport(run, scenario), from the run's columns when it is given as columns. */
export function reportOf(run: ScorableRun, scenario: Scenario = {}): Report {
  return isRunColumns(run) ? scoreColumns(run, scenario) : computeReport(run, scenario);
}
