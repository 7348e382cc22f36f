import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense, type ComponentProps } from "react";
import { RunSkeleton } from "@/components/run/run-skeleton";
import { RunView } from "@/components/run/run-view";
import { toRunPageMeta, type RunPageMeta } from "@/lib/views/run-page-meta";
import { runView, storedRunView } from "@/lib/views/run-view";
import { isDefaultTasksView, parseTasksView } from "@/components/run/tasks-view";
import { summariseSaved } from "@/lib/scoring/scenario/named-scenario";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { runReviewFlips } from "@/lib/api/reviewed-scenario";
import type { ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import { apiUrls } from "@/lib/api/client-routes";
import { getStore } from "@/lib/store/open-store";
import type { SharedRollouts } from "@/lib/store/records";
import { runSnapshot, sharedRolloutsOf } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** One query per request, shared by the metadata and the page. */
const runMeta = cache((id: string) => getStore().getRun(id));
const baselineRun = cache(() => getStore().baselineRun());

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const meta = await runMeta((await params).id);
  return { title: meta ? meta.name : "Run not found" };
}

type SavedScenarios = ComponentProps<typeof RunView>["scenarios"];

/**
 * The run page. The run's existence is settled before anything streams, so an unknown id answers 404 (a
 * loading.tsx boundary would have committed a 200 first). The run as recorded (no scenario in the URL and none
 * declared) renders at once from its stored first screen, without reading a rollout. Otherwise a run the server
 * has cached renders at once, and one it must read streams in behind a skeleton that shows the run's stored
 * headline meanwhile.
 */
export default async function RunPage({ params, searchParams }: Props) {
  const meta = await runMeta((await params).id);
  if (!meta) notFound();
  const store = getStore();
  const search = searchOf(await searchParams);
  // Streamed: the page does not wait for the runs sharing its rollouts (a match of every rollout of the run).
  const shared = sharedRolloutsOf(store, meta.id);
  const [baseline, saved, reviewed] = await Promise.all([
    baselineRun(),
    store.listScenarios(),
    runReviewFlips(store, meta.id),
  ]);
  const pageMeta = toRunPageMeta(meta, baseline);
  // Names and descriptions only: a page stays its size however large the saved scenarios are.
  const scenarios = saved.map(summariseSaved);
  const declared = saved.find((s) => s.declared)?.scenario ?? null;
  // A run with reviews renders from its rows: the page shows its figures after review beside the recorded ones.
  if (!search.has("scenario") && declared === null && reviewed === null) {
    const stored = await storedRunView(store, pageMeta, isDefaultTasksView(parseTasksView(search)), apiUrls.runBinary);
    if (stored) return <RunView {...stored} scenarios={scenarios} shared={shared} />;
  }
  const cached = await runSnapshot(store, meta.id, { cachedOnly: true });
  const body = (
    <RunBody
      meta={pageMeta}
      search={search}
      scenarios={scenarios}
      declared={declared}
      shared={shared}
      reviewed={reviewed}
    />
  );
  if (cached) return body;
  // The stored headline is the run as recorded: under a scenario the skeleton shows none.
  const summary = search.has("scenario") ? null : meta.summary;
  return <Suspense fallback={<RunSkeleton summary={summary} />}>{body}</Suspense>;
}

function searchOf(query: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out;
}

/**
 * The HTML holds the first screen only (header, headline, one page of tasks); the browser's worker fetches the
 * whole run as binary columns from run.bin (cached by the browser on the run's version) and scores it there.
 * The declared scenario's headline is computed here, once per run version (RunSnapshot.headlineUnder).
 */
async function RunBody({
  meta,
  search,
  scenarios,
  declared,
  shared,
  reviewed,
}: {
  meta: RunPageMeta;
  search: URLSearchParams;
  scenarios: SavedScenarios;
  declared: Scenario | null;
  shared: Promise<readonly SharedRollouts[]>;
  reviewed: ReviewFlips | null;
}) {
  const found = await runView(getStore(), meta, {
    scenarioText: search.get("scenario"),
    defaultTasksView: isDefaultTasksView(parseTasksView(search)),
    declared,
    reviewed,
    binaryHref: apiUrls.runBinary,
  });
  if (!found) notFound();
  const { agreement, afterReview, ...view } = found;
  return (
    <RunView
      {...view}
      scenarios={scenarios}
      shared={shared}
      reviewed={reviewed}
      agreement={agreement}
      afterReview={afterReview ? { ...afterReview, band: agreement?.band ?? null } : null}
    />
  );
}
