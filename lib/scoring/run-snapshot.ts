import type { ScoringRun } from "./core/types";
import { computeReport } from "./report/report";
import { levers } from "./report/levers";
import type { Lever, Report, ReportHeadline } from "./report/report-types";
import { scenarioKey } from "./scenario/named-scenario";
import type { Scenario } from "./scenario/scenario";
import { encodeBinaryRun } from "./wire/binary-run";

const HEADLINES_KEPT = 4;

/**
 * One version of a run, as everything that shows it shares it: the scoring run, its as-recorded report and its
 * browser encoding (the binary columns of GET /api/runs/:id/run.bin), both computed on first use and then
 * kept with the snapshot. Read-only by contract: no scoring function mutates a run, and no caller may mutate
 * the run or the report it hands out. The server's run cache (lib/store/run-cache.ts) holds one per stored
 * run version; the run page's worker holds one for its run.
 */
export class RunSnapshot {
  #recorded: Report | undefined;
  /** Headlines under the scenarios asked for (the declared one, for the runs table), by scenarioKey. */
  readonly #headlines = new Map<string, ReportHeadline>();
  #levers: Lever[] | undefined;
  #binary: Uint8Array<ArrayBuffer> | undefined;

  /** `binary`: the run's encodeBinaryRun, when it is at hand already (read from the store). */
  constructor(
    readonly run: ScoringRun,
    binary?: Uint8Array,
  ) {
    this.#binary = binary as Uint8Array<ArrayBuffer> | undefined;
  }

  /** computeReport(run) under no scenario. */
  get recorded(): Report {
    return (this.#recorded ??= computeReport(this.run));
  }

  /** The headline under a scenario, computed once per scenario and kept (a few scenarios at most). */
  headlineUnder(scenario: Scenario): ReportHeadline {
    const key = scenarioKey(scenario);
    let headline = this.#headlines.get(key);
    if (!headline) {
      headline = key === "{}" ? this.recorded.headline : computeReport(this.run, scenario).headline;
      if (this.#headlines.size >= HEADLINES_KEPT) this.#headlines.clear();
      this.#headlines.set(key, headline);
    }
    return headline;
  }

  /** Whether `levers` is computed already. */
  get hasLevers(): boolean {
    return this.#levers !== undefined;
  }

  /** levers(run) under no scenario: the as-recorded report's fragile verdicts. */
  get levers(): Lever[] {
    return (this.#levers ??= levers(this.run));
  }

  /** encodeBinaryRun(run): what the run page's worker fetches and decodes. */
  get binary(): Uint8Array<ArrayBuffer> {
    return (this.#binary ??= encodeBinaryRun(this.run));
  }
}
