import type { DeclaredHeadline, RunListItem, SavedScenario } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { runSnapshot } from "./run-caches";

/**
 * The runs table's rows with each run's headline under the declared scenario (none declared: as they are).
 * Each run's snapshot comes from the run cache, which also keeps the headline per scenario.
 */
export async function withDeclaredHeadlines(
  store: Store,
  runs: readonly RunListItem[],
  declared: SavedScenario | null,
): Promise<RunListItem[]> {
  if (!declared) return [...runs];
  return Promise.all(
    runs.map(async (run): Promise<RunListItem> => {
      const snapshot = await runSnapshot(store, run.id);
      if (!snapshot) return run;
      const { metric, scheme, value } = snapshot.headlineUnder(declared.scenario);
      const headline: DeclaredHeadline = { name: declared.name, metric, scheme, value };
      return { ...run, declared: headline };
    }),
  );
}
