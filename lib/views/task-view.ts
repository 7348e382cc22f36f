import { isLive } from "@/lib/run-labels";
import { gridPageRows } from "@/lib/scoring/view/check-pages";
import type { Store } from "@/lib/store/store";
import { taskGridPage } from "./check-pages";
import { readScenarioParam } from "./scenario-param";
import { taskViewOf, type TaskView } from "./task-view-model";
import { runSnapshot } from "./run-caches";

/**
 * The task page of a stored run under the raw `scenario` parameter (an invalid one: as recorded, said on the
 * page), with the grid's first rows; its grid fetches the rest from the grid API. Null when the run or the task
 * is missing. Reads that task's columns from the run's snapshot, never the whole run's objects.
 */
export async function taskView(
  store: Store,
  ids: { runId: string; taskKey: string },
  scenarioText: string | null,
): Promise<TaskView | null> {
  const { runId, taskKey } = ids;
  const [meta, head, snapshot] = await Promise.all([
    store.getRun(runId),
    store.getTaskHead(runId, taskKey),
    runSnapshot(store, runId),
  ]);
  if (!meta || !head || !snapshot?.hasTask(taskKey)) return null;
  const param = readScenarioParam(scenarioText);
  const first = await taskGridPage(store, runId, snapshot, taskKey, param.scenario, {
    offset: 0,
    limit: gridPageRows(head.rollouts.length),
    failing: false,
  });
  const run = { id: runId, name: meta.name, live: isLive(meta.liveUntil), series: meta.series };
  return taskViewOf(snapshot, run, head, param, { kind: "api", first });
}
