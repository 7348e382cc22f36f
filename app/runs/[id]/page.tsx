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
 * loading.tsx boundary would have committed a 200 first); the scoring data then streams in behind a skeleton.
 */
export default async function RunPage({ params, searchParams }: Props) {
  const meta = await runMeta((await params).id);
  if (!meta) notFound();
  return (
    <Suspense fallback={<RunSkeleton />}>
      <RunBody meta={toRunPageMeta(meta, await baselineRun())} search={searchOf(await searchParams)} />
    </Suspense>
  );
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
 */
async function RunBody({ meta, search }: { meta: RunPageMeta; search: URLSearchParams }) {
  const snapshot = await getStore().snapshot(meta.id);
  if (!snapshot) notFound();
  const scenario = parseScenarioParam(search.get("scenario"));
  const data = runPageData(snapshot, meta, {
    source: { href: runBinaryHref(meta.id) },
    scenario: scenario.success ? scenario.data : {},
    view: parseTasksView(search),
  });
  return <RunView {...data} />;
}
