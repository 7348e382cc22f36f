import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { keyOfSegment, keyOfSegments, rolloutHref, scenarioParamOf } from "@/lib/views/hrefs";
import { rolloutView } from "@/lib/views/rollout-view";
import { getStore } from "@/lib/store/open-store";

/** `rollout` holds the path segments as Next.js passes them: the rollout id, or its slashes as written. */
type Params = Promise<{ id: string; rollout: string[] }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache((runId: string, rolloutId: string, scenarioText: string | null) =>
  rolloutView(getStore(), { runId, rolloutId }, scenarioText),
);

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { id, rollout } = await params;
  // The page redirects such a URL (below): nothing to read for its title.
  if (rollout.length > 1) return {};
  const view = await load(id, keyOfSegments(rollout), scenarioParamOf(await searchParams));
  return { title: view ? `${view.rollout.id} · ${view.rollout.taskKey} · ${view.runName}` : "Rollout not found" };
}

export default async function RolloutPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, rollout: segments } = await params;
  const rolloutKey = keyOfSegments(segments);
  const scenarioText = scenarioParamOf(await searchParams);
  // The slashes as written: answered with the one form the app links with.
  if (segments.length > 1) permanentRedirect(rolloutHref(id, rolloutKey, scenarioText));
  const view = await load(id, rolloutKey, scenarioText);
  if (!view) {
    // A row id in place of the rollout id: redirect to the id's URL.
    const rolloutId = segments.length === 1 ? await getStore().rolloutIdOfRowId(id, keyOfSegment(segments[0]!)) : null;
    if (rolloutId !== null) permanentRedirect(rolloutHref(id, rolloutId, scenarioText));
    notFound();
  }
  return <RolloutPageBody view={view} />;
}
