import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { passRule } from "@/lib/scoring/view/pass-rule";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { runFirstScreen, withoutTasks, type RunFirstScreen } from "@/lib/scoring/view/first-screen";
import type { RunPageMeta } from "./run-page-meta";

/** Where the run page's worker gets the run's bytes: its run.bin URL, or inline (a static bundle). */
export type RunSource = { href: string } | { base64: string };

/** RunView's props: the first screen (in the HTML), the page meta, and where its worker gets the whole run. */
export interface RunPageData {
  first: RunFirstScreen;
  metaJson: string;
  source: RunSource;
}

/**
 * A run's page data. `source`: the run page passes its run.bin URL; a page with no server behind it (a
 * static bundle) passes embeddedRunSource(snapshot). The first screen is computed under `scenario` for the
 * tasks table's view (both from the URL; `{}` and the default view otherwise).
 */
export function runPageData(
  snapshot: RunSnapshot,
  meta: RunPageMeta,
  options: { source: RunSource; scenario?: Scenario; defaultTasksView: boolean },
): RunPageData {
  const scenario = options.scenario ?? {};
  const report = Object.keys(scenario).length === 0 ? snapshot.recorded : snapshot.report(scenario);
  const rule = passRule(snapshot.columns, scenario);
  return {
    first: runFirstScreen(report, snapshot.recorded.headline, rule, options.defaultTasksView),
    metaJson: runPageMetaJson(meta),
    source: options.source,
  };
}

/**
 * The page data of a run as recorded from its stored first screen (Store.encoding, written at ingest), which
 * is runFirstScreen of the recorded report with the default view's tasks: no rollout is read.
 */
export function storedRunPageData(
  stored: RunFirstScreen,
  meta: RunPageMeta,
  options: { source: RunSource; defaultTasksView: boolean },
): RunPageData {
  const { seriesFacts: _series, ...first } = stored;
  return {
    first: options.defaultTasksView ? first : withoutTasks(first),
    metaJson: runPageMetaJson(meta),
    source: options.source,
  };
}

/**
 * The URL of a stored run's binary columns (GET /api/runs/:id/run.bin). `rollouts` makes the URL differ once
 * rollouts land (tally watch), so an open page that the server renders again loads the grown run.
 */
/** The URL of a run's columns (the server's run.bin route; a bundle's file), given by the caller: lib/views builds no API URL. */
export type BinaryHref = (runId: string, rollouts: number) => string;

/** The run's binary columns inline, for a page with no server to fetch them from. */
export function embeddedRunSource(snapshot: RunSnapshot): { base64: string } {
  return { base64: Buffer.from(snapshot.binary).toString("base64") };
}

/*
 * The page meta crosses as a JSON string: React's server-component serializer walks every element of an
 * object prop, on the server and again in the browser; a string crosses as is.
 */
export function runPageMetaJson(meta: RunPageMeta): string {
  return JSON.stringify(meta);
}

export function readRunPageMeta(text: string): RunPageMeta {
  return JSON.parse(text) as RunPageMeta;
}
