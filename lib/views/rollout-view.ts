import type { Store } from "@/lib/store/store";
import { firstPageChecks, readRolloutPage } from "./check-pages";
import { withLongTextsCut } from "./indexed-trace";
import { rolloutCellsOf, rolloutViewOf, type RolloutView } from "./rollout-view-model";
import { readRunReviews } from "./run-reviews";
import { readScenarioParam } from "./scenario-param";

/**
 * The rollout page of a stored run under the raw `scenario` parameter (an invalid one: as recorded, said on the
 * page), with the checks it shows first; its lists fetch the rest from the rollout's APIs. Null when the run or
 * the rollout is missing. Reads the rollout's task's columns from the run's snapshot, never the whole run's
 * objects, and the reviews of its verdicts.
 */
export async function rolloutView(
  store: Store,
  ids: { runId: string; rolloutId: string },
  scenarioText: string | null,
): Promise<RolloutView | null> {
  const { runId, rolloutId } = ids;
  const data = await readRolloutPage(store, runId, rolloutId);
  if (!data) return null;
  const { meta, snapshot, ...read } = data;
  const param = readScenarioParam(scenarioText);
  const cells = rolloutCellsOf(snapshot, rolloutId, param.scenario);
  if (!cells) return null;
  const [checks, reviews] = await Promise.all([
    firstPageChecks(store, runId, rolloutId, cells),
    readRunReviews(store, runId),
  ]);
  const trace = withLongTextsCut(read.trace);
  const view = rolloutViewOf(snapshot, { id: runId, name: meta.name }, { ...read, trace, checks }, param, true);
  return view && { ...view, reviews: (reviews ?? []).filter((r) => r.rollout === rolloutId) };
}
