import { SCORING_VERSION } from "@/lib/scoring/report/report";
import type { Store } from "@/lib/store/store";
import { runSnapshot } from "@/lib/views/run-caches";

/**
 * Rewrites the stored summaries that an earlier scoring version wrote (RunSummary.scoring), so the runs table
 * never shows a headline chosen by an older rule beside run pages scored by this one. Each run is read
 * through the run cache (its stored encoding when current), one at a time. Returns how many were rewritten;
 * a run deleted meanwhile is skipped.
 */
export async function refreshStaleSummaries(store: Store): Promise<number> {
  let refreshed = 0;
  for (const run of await store.listRuns()) {
    if (run.summary?.scoring === SCORING_VERSION) continue;
    const snapshot = await runSnapshot(store, run.id);
    if (!snapshot) continue;
    await store.updateSummaries(run.id, snapshot.recorded);
    refreshed += 1;
  }
  return refreshed;
}
