import { parseDatabaseUrl } from "@/lib/db/url";
import { createStore } from "@/lib/store/open-store";
import { computeReport } from "@/lib/scoring/report/report";

export interface LoadMeasurement {
  loadMedianMs: number;
  reportMedianMs: number;
  reportJsonBytes: number;
  scoringRunJsonBytes: number;
}

const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);

/**
 * The report API's work in this process, from the current source (the `next start` figures use whatever the
 * last build compiled): loadScoringRun, then computeReport and its JSON. Median of 5 after a warm-up. Also the
 * size of the ScoringRun as JSON, which is roughly what the run page sends to the browser.
 */
export async function measureLoad(dbFile: string, runId: string, repeats = 5): Promise<LoadMeasurement> {
  const store = createStore(parseDatabaseUrl(`file:${dbFile}`));
  try {
    const loads: number[] = [];
    const reports: number[] = [];
    let reportJsonBytes = 0;
    let scoringRunJsonBytes = 0;
    for (let i = 0; i <= repeats; i++) {
      const t0 = performance.now();
      const run = await store.loadScoringRun(runId);
      if (!run) throw new Error(`no run ${runId}`);
      const t1 = performance.now();
      const json = JSON.stringify(computeReport(run, {}));
      const t2 = performance.now();
      if (i === 0) {
        reportJsonBytes = Buffer.byteLength(json);
        scoringRunJsonBytes = Buffer.byteLength(JSON.stringify(run));
        continue; // warm-up
      }
      loads.push(t1 - t0);
      reports.push(t2 - t0);
    }
    return { loadMedianMs: median(loads), reportMedianMs: median(reports), reportJsonBytes, scoringRunJsonBytes };
  } finally {
    await store.close();
  }
}
