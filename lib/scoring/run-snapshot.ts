import { decodeColumns, encodeColumns } from "./columns/column-bytes";
import { columnsOf } from "./columns/columns-of";
import { runOfColumns } from "./columns/run-of-columns";
import { isRunColumns, type RunColumns } from "./columns/run-columns";
import { rolloutsAt } from "./columns/rollouts-at";
import type { ScoringRun } from "./core/types";
import type { CheckTally } from "./report/check-tallies";
import { columnLevers } from "./report/columnar/column-levers";
import { modelOf, type ColumnModel } from "./report/columnar/column-model";
import { scorerOf } from "./report/columnar/column-scorer";
import { LEVER_COUNT } from "./report/levers";
import type { Lever, Report, ReportHeadline, RolloutReport, TaskReport } from "./report/report-types";
import { policyReports, type PolicyReports } from "./report/robustness";
import { describeScenario } from "./scenario/describe-scenario";
import { scenarioKey } from "./scenario/named-scenario";
import type { Scenario } from "./scenario/scenario";

const HEADLINES_KEPT = 4;

/** One task's figures under a scenario, as report(scenario) holds them. */
export interface TaskFigures {
  /** The task's row of the report's `tasks`. */
  task: TaskReport;
  /** Its rollouts' rows of the report's `rollouts`, in run order. */
  rollouts: RolloutReport[];
  scenarioDescription: string[];
}

/** The rows of the tasks keyed `key` (a key declared twice has two), in task order. */
function rowsOfKey(model: ColumnModel, key: string): number[] {
  const first = model.taskRow.get(key);
  if (first === undefined) return [];
  if (model.taskRow.size === model.tasks.length) return [first];
  return model.tasks.flatMap((t, i) => (t.key === key ? [i] : []));
}

/** The rollouts of the given task rows, in run order. */
function rolloutsOfRows(model: ColumnModel, rows: readonly number[]): number[] {
  const out: number[] = [];
  for (const t of rows)
    for (let k = model.taskStart[t]!; k < model.taskStart[t + 1]!; k++) out.push(model.taskRollouts[k]!);
  return rows.length > 1 ? out.sort((a, b) => a - b) : out;
}

/**
 * One version of a run, as everything that shows it shares it: the run's columns, scored from them
 * (lib/scoring/report/columnar) under the scenarios asked for, with the as-recorded report, its levers and the
 * columns' bytes (GET /api/runs/:id/run.bin) computed on first use and kept. The scorers kept with the columns
 * re-score only what one scenario changes from the last. Read-only by contract: no caller may mutate the columns
 * or a report it hands out. The server's run cache (lib/store/run-cache.ts) holds one per stored run version;
 * the run page's worker holds one for its run.
 */
export class RunSnapshot {
  readonly columns: RunColumns;
  #run: ScoringRun | undefined;
  #recorded: Report | undefined;
  /** Headlines under the scenarios asked for (the declared one, for the runs table), by scenarioKey. */
  readonly #headlines = new Map<string, ReportHeadline>();
  #levers: Lever[] | undefined;
  #binary: Uint8Array<ArrayBuffer> | undefined;

  /**
   * From a run's columns, or from a run as objects (kept, for the callers that read it). `binary`: the columns'
   * bytes when at hand (read from the store); a run given with its bytes takes its columns from them (views).
   */
  constructor(run: ScoringRun | RunColumns, binary?: Uint8Array) {
    if (isRunColumns(run)) this.columns = run;
    else {
      this.#run = run;
      this.columns = binary === undefined ? columnsOf(run) : decodeColumns(binary);
    }
    this.#binary = binary as Uint8Array<ArrayBuffer> | undefined;
  }

  /** The snapshot of a run's bytes (encodeColumns'), read as columns: views of the bytes, no objects. */
  static fromBytes(bytes: Uint8Array): RunSnapshot {
    return new RunSnapshot(decodeColumns(bytes), bytes);
  }

  /**
   * The run as objects, for callers that still read a ScoringRun (the task and rollout pages, the API's side by
   * side and rollout list, the compare resolver, the export, the CLI): made from the columns on first use.
   */
  get run(): ScoringRun {
    return (this.#run ??= runOfColumns(this.columns));
  }

  /** The report under `scenario` (computeReport's), scored from the columns. */
  report(scenario: Scenario = {}): Report {
    return scorerOf(this.columns, scenario).score(scenario);
  }

  /** The report under no scenario. */
  get recorded(): Report {
    return (this.#recorded ??= this.report({}));
  }

  /** The reports under the scenario's own unscored policy (`own`, when scored already) and the other (robustness.ts). */
  policyReports(scenario: Scenario, own: Report = this.report(scenario)): PolicyReports {
    return policyReports(this.columns, scenario, own);
  }

  /** The check tallies under `scenario` (checkTallies, check-tallies.ts). */
  checkTallies(scenario: Scenario = {}): Record<string, CheckTally> {
    const scorer = scorerOf(this.columns, scenario);
    scorer.prepare(scenario);
    return scorer.checkTallies();
  }

  /** The headline under a scenario, computed once per scenario and kept (a few scenarios at most). */
  headlineUnder(scenario: Scenario): ReportHeadline {
    const key = scenarioKey(scenario);
    let headline = this.#headlines.get(key);
    if (!headline) {
      headline = key === "{}" ? this.recorded.headline : this.report(scenario).headline;
      if (this.#headlines.size >= HEADLINES_KEPT) this.#headlines.clear();
      this.#headlines.set(key, headline);
    }
    return headline;
  }

  /**
   * Task `key`'s figures under `scenario`: report(scenario)'s row of the task and of each of its rollouts, made
   * without the run's other rows (a task or rollout page). Null when the run has no such task.
   */
  taskFigures(key: string, scenario: Scenario = {}): TaskFigures | null {
    const scorer = scorerOf(this.columns, scenario);
    const { model } = scorer;
    const rows = rowsOfKey(model, key);
    if (rows.length === 0) return null;
    scorer.prepare(scenario);
    return {
      task: scorer.taskRow(rows[0]!),
      rollouts: rolloutsOfRows(model, rows).map((r) => scorer.rolloutRow(r)),
      scenarioDescription: describeScenario(scenario, (ref) => model.resolve(ref)),
    };
  }

  /** The key of the task of the rollout whose id is `rolloutId`, or null when the run has no such rollout. */
  taskOfRollout(rolloutId: string): string | null {
    const model = modelOf(this.columns);
    const r = model.ids.indexOf(rolloutId);
    return r < 0 ? null : model.tasks[this.columns.rolloutTask[r]!]!.key;
  }

  /**
   * Task `key`'s part of the run as objects: that task and its rollouts in run order. What reads one task's
   * checks under a scenario (lib/scoring/view/check-grid.ts) gives the same for them as on the whole run: a
   * scenario edits a rollout's checks from the rollout and the scenario alone. Null when there is no such task.
   */
  taskPart(key: string): ScoringRun | null {
    const model = modelOf(this.columns);
    const rows = rowsOfKey(model, key);
    if (rows.length === 0) return null;
    const c = this.columns;
    return {
      name: c.name,
      format: c.format,
      tasks: rows.map((t) => model.tasks[t]!),
      rollouts: rolloutsAt(c, rolloutsOfRows(model, rows)),
      passThreshold: c.passThreshold,
    };
  }

  /** Whether `levers` is computed already. */
  get hasLevers(): boolean {
    return this.#levers !== undefined;
  }

  /** The as-recorded report's fragile verdicts (levers.ts). */
  get levers(): Lever[] {
    return (this.#levers ??= this.leversUnder({}));
  }

  /** The fragile verdicts under `scenario` (levers(run, scenario, limit)), from the columns. */
  leversUnder(scenario: Scenario, limit = LEVER_COUNT): Lever[] {
    const scorer = scorerOf(this.columns, scenario);
    scorer.prepare(scenario);
    return columnLevers(scorer, limit);
  }

  /** The columns' bytes: what the run page's worker fetches and decodes, and the store keeps. */
  get binary(): Uint8Array<ArrayBuffer> {
    return (this.#binary ??= encodeColumns(this.columns));
  }
}
