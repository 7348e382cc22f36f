import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { RunSkeleton } from "@/components/run/run-skeleton";
import { RunView } from "@/components/run/run-view";
import { toRunPageMeta, type RunPageMeta } from "@/components/run/run-page-meta";
import { runBinaryHref, runPageData } from "@/components/run/run-payload";
import { parseTasksView } from "@/components/run/tasks-view";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";

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

/**
 * The run page. The run's existence is settled before anything streams, so an unknown id answers 404 (a
 * loading.tsx boundary would have committed a 200 first). A run the server has cached renders at once; one it
 * must read (a second or more for a large run, and a synchronous read on SQLite) streams in behind a skeleton
 * that shows the run's stored headline meanwhile.
 */
export default async function RunPage({ params, searchParams }: Props) {
  const meta = await runMeta((await params).id);
  if (!meta) notFound();
  const store = getStore();
  const [baseline, shared, cached] = await Promise.all([
    baselineRun(),
    store.sharedRollouts(meta.id),
    store.snapshot(meta.id, { cachedOnly: true }),
  ]);
  const search = searchOf(await searchParams);
  const body = <RunBody meta={toRunPageMeta(meta, baseline, shared)} search={search} />;
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
async function RunBody({ meta, search }: { meta: RunPageMeta; search: URLSearchParams }) {
  const store = getStore();
  const [snapshot, saved] = await Promise.all([store.snapshot(meta.id), store.listScenarios()]);
  if (!snapshot) notFound();
  const scenario = parseScenarioParam(search.get("scenario"));
  const data = runPageData(snapshot, meta, {
    source: { href: runBinaryHref(meta.id, snapshot.run.rollouts.length) },
    scenario: scenario.success ? scenario.data : {},
    view: parseTasksView(search),
  });
  const scenarios = saved.map(({ name, description, scenario: s, declared }) => ({
    name,
    description,
    scenario: s,
    declared,
  }));
  const declared = scenarios.find((s) => s.declared);
  return (
    <RunView
      {...data}
      scenarios={scenarios}
      declaredHeadline={declared ? snapshot.headlineUnder(declared.scenario) : null}
    />
  );
}
