import type { ScoringRun } from "./core/types";
import { computeReport } from "./report/report";
import type { Report } from "./report/report-types";
import { encodeBinaryRun } from "./wire/binary-run";

/**
 * One version of a run, as everything that shows it shares it: the scoring run, its as-recorded report and its
 * browser encoding (the binary columns of GET /api/runs/:id/run.bin), both computed on first use and then
 * kept with the snapshot. Read-only by contract: no scoring function mutates a run, and no caller may mutate
 * the run or the report it hands out. The server's run cache (lib/store/run-cache.ts) holds one per stored
 * run version; the run page's worker holds one for its run.
 */
export class RunSnapshot {
  #recorded: Report | undefined;
  #binary: Uint8Array<ArrayBuffer> | undefined;

  constructor(readonly run: ScoringRun) {}

  /** computeReport(run) under no scenario. */
  get recorded(): Report {
    return (this.#recorded ??= computeReport(this.run));
  }

  /** encodeBinaryRun(run): what the run page's worker fetches and decodes. */
  get binary(): Uint8Array<ArrayBuffer> {
    return (this.#binary ??= encodeBinaryRun(this.run));
  }
}
