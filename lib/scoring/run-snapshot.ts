import { decodeColumns, encodeColumns } from "./columns/column-bytes";
import { columnsOf } from "./columns/columns-of";
import { runOfColumns, taskAt } from "./columns/run-of-columns";
import { isRunColumns, type RunColumns } from "./columns/run-columns";
import { rolloutsAt } from "./columns/rollouts-at";
import type { ScoringRun } from "./core/types";
import type { CheckTally } from "./report/check-tallies";
import { columnLevers } from "./report/columnar/column-levers";
import { scorerOf } from "./report/columnar/column-scorer";
import { LEVER_COUNT } from "./report/levers";
import type { Lever, Report, ReportHeadline, RolloutReport, TaskReport } from "./report/report-types";
import type { RolloutTable } from "./report/rollout-table";
import type { HeadlineRobustness } from "./report/robustness";
import { columnHeadlineRobustness } from "./report/columnar/column-robustness";
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

/** Each task key's task rows and rollouts (both ascending): what a page about one task reads of the run. */
interface TaskPlaces {
  rows: number[];
  rollouts: number[];
}

/** One pass over the tasks and one over the rollouts; no model, no objects per rollout. */
function taskPlacesOf(c: RunColumns): Map<string, TaskPlaces> {
  const byRow: TaskPlaces[] = [];
  const out = new Map<string, TaskPlaces>();
  for (let t = 0; t < c.taskKey.length; t++) {
    const key = c.strings[c.taskKey[t]!]!;
    let places = out.get(key);
    if (!places) out.set(key, (places = { rows: [], rollouts: [] }));
    places.rows.push(t);
    byRow.push(places);
  }
  for (let r = 0; r < c.rolloutTask.length; r++) byRow[c.rolloutTask[r]!]!.rollouts.push(r);
  return out;
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
  #places: Map<string, TaskPlaces> | undefined;
  #ids: readonly string[] | undefined;
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

  /**
   * The snapshot of a run's bytes (encodeColumns'), read as columns: views of the bytes, no objects. `levers`:
   * the run's levers as recorded when known already (computed at ingest from the same columns).
   */
  static fromBytes(bytes: Uint8Array, levers?: Lever[]): RunSnapshot {
    const snapshot = new RunSnapshot(decodeColumns(bytes), bytes);
    snapshot.#levers = levers;
    return snapshot;
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

  /**
   * The run page's part of report(scenario): the report without its rollout rows, with what the page draws of
   * the rollouts read from the scorer's columns (no row per rollout is made): `rollouts`, valid until another
   * scenario is scored, and each rollout's verdict (1 passed) in run order.
   */
  pageView(scenario: Scenario): { report: Omit<Report, "rollouts">; rollouts: RolloutTable; passed: Uint8Array } {
    const scorer = scorerOf(this.columns, scenario);
    const report = scorer.pageReport(scenario);
    return { report, rollouts: scorer.rolloutTable(), passed: scorer.state.passed.slice() };
  }

  /** The report under no scenario. */
  get recorded(): Report {
    return (this.#recorded ??= this.report({}));
  }

  /** The run page's robustness table under `scenario` (headlineRobustness), from the columns; `own` its report. */
  robustness(scenario: Scenario, own: Pick<Report, "headline" | "counts"> = this.report(scenario)): HeadlineRobustness {
    return columnHeadlineRobustness(this.columns, scenario, own);
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

  /** The task rows and rollouts of task `key`, or undefined. */
  #placesOf(key: string): TaskPlaces | undefined {
    this.#places ??= taskPlacesOf(this.columns);
    return this.#places.get(key);
  }

  /**
   * Task `key`'s figures under `scenario`: report(scenario)'s row of the task and of each of its rollouts, made
   * without scoring the run's other tasks (a task or rollout page). A row reads run-wide facts (the run's
   * metrics), which the run's model holds. Null when the run has no such task.
   */
  taskFigures(key: string, scenario: Scenario = {}): TaskFigures | null {
    const places = this.#placesOf(key);
    if (!places) return null;
    const scorer = scorerOf(this.columns, scenario);
    scorer.prepareTasks(scenario, places.rows);
    return {
      task: scorer.taskRow(places.rows[0]!),
      rollouts: places.rollouts.map((r) => scorer.rolloutRow(r)),
      scenarioDescription: describeScenario(scenario, (ref) => scorer.model.resolve(ref)),
    };
  }

  /** Whether the run has a task keyed `key`. */
  hasTask(key: string): boolean {
    return this.#placesOf(key) !== undefined;
  }

  /** The key of the task of the rollout whose id is `rolloutId`, or null when the run has no such rollout. */
  taskOfRollout(rolloutId: string): string | null {
    const r = (this.#ids ??= this.columns.rolloutId.all()).indexOf(rolloutId);
    return r < 0 ? null : this.columns.strings[this.columns.taskKey[this.columns.rolloutTask[r]!]!]!;
  }

  /**
   * Task `key`'s part of the run as objects: that task and its rollouts in run order. What reads one task's
   * checks under a scenario (lib/scoring/view/check-grid.ts) gives the same for them as on the whole run: a
   * scenario edits a rollout's checks from the rollout and the scenario alone. Null when there is no such task.
   */
  taskPart(key: string): ScoringRun | null {
    const places = this.#placesOf(key);
    if (!places) return null;
    const c = this.columns;
    return {
      name: c.name,
      format: c.format,
      tasks: places.rows.map((t) => taskAt(c, t)),
      rollouts: rolloutsAt(c, places.rollouts),
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
