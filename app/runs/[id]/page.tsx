import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { RunSkeleton } from "@/components/run/run-skeleton";
import { RunView } from "@/components/run/run-view";
import { toRunPageMeta, type RunPageMeta } from "@/components/run/run-page-meta";
import { publishSnapshot, runPageMetaJson } from "@/components/run/run-payload";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

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
export default async function RunPage({ params }: Props) {
  const meta = await runMeta((await params).id);
  if (!meta) notFound();
  const [baseline, shared] = await Promise.all([baselineRun(), getStore().sharedRollouts(meta.id)]);
  return (
    <Suspense fallback={<RunSkeleton />}>
      <RunBody meta={toRunPageMeta(meta, baseline, shared)} />
    </Suspense>
  );
}

/**
 * The browser recomputes the report (what-if), so it gets the whole run: compact (~25× smaller than as is)
 * and as a string (components/run/run-payload.ts). The page's HTML itself lists no more than a page of tasks.
 */
async function RunBody({ meta }: { meta: RunPageMeta }) {
  const store = getStore();
  const [snapshot, scenarios] = await Promise.all([store.snapshot(meta.id), store.listScenarios()]);
  if (!snapshot) notFound();
  return (
    <RunView
      runJson={publishSnapshot(snapshot)}
      metaJson={runPageMetaJson(meta)}
      scenarios={scenarios.map(({ name, description, scenario, declared }) => ({
        name,
        description,
        scenario,
        declared,
      }))}
    />
  );
}
