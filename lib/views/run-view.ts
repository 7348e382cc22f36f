import type { ReportHeadline } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { Store } from "@/lib/store/store";
import type { RunPageMeta } from "./run-page-meta";
import { runBinaryHref, runPageData, storedRunPageData, type RunPageData } from "./run-payload";
import { readScenarioParam } from "./scenario-param";

/** The run page's data, with the declared scenario's headline when one is declared. */
export interface RunView extends RunPageData {
  declared: { scenario: Scenario; headline: ReportHeadline } | null;
}

/**
 * The run page as recorded from the run's stored first screen (written at ingest): no rollout is read. Null
 * when the run has none current (the page then reads the run).
 */
export async function storedRunView(
  store: Store,
  meta: RunPageMeta,
  defaultTasksView: boolean,
): Promise<RunView | null> {
  const stored = await store.encoding(meta.id, { bytes: false });
  if (!stored?.firstScreen) return null;
  const source = { href: runBinaryHref(meta.id, stored.version.rollouts) };
  return { ...storedRunPageData(stored.firstScreen, meta, { source, defaultTasksView }), declared: null };
}

/**
 * The run page under the raw `scenario` parameter (an invalid one: as recorded), from the run's snapshot; the
 * declared scenario's headline computed once per run version. Null when the run is gone.
 */
export async function runView(
  store: Store,
  meta: RunPageMeta,
  options: { scenarioText: string | null; defaultTasksView: boolean; declared: Scenario | null },
): Promise<RunView | null> {
  const snapshot = await store.snapshot(meta.id);
  if (!snapshot) return null;
  const { scenario } = readScenarioParam(options.scenarioText);
  const data = runPageData(snapshot, meta, {
    source: { href: runBinaryHref(meta.id, snapshot.columns.rolloutTask.length) },
    scenario,
    defaultTasksView: options.defaultTasksView,
  });
  const { declared } = options;
  return { ...data, declared: declared ? { scenario: declared, headline: snapshot.headlineUnder(declared) } : null };
}
