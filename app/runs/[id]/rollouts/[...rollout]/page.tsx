import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { keyOfSegment, keyOfSegments, rolloutHref, scenarioParamOf } from "@/components/task/hrefs";
import { firstPageChecks, readRolloutPage } from "@/lib/api/check-pages";
import { rolloutCheckCells } from "@/lib/scoring/view/check-grid";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";
import { readRunReviews } from "@/lib/api/read-run-reviews";

/** `rollout` holds the path segments as Next.js passes them: the rollout id, or its slashes as written. */
type Params = Promise<{ id: string; rollout: string[] }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache((runId: string, rolloutId: string) => readRolloutPage(getStore(), runId, rolloutId));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id, rollout } = await params;
  // The page redirects such a URL (below): nothing to read for its title.
  if (rollout.length > 1) return {};
  const data = await load(id, keyOfSegments(rollout));
  return { title: data ? `${data.rollout.id} · ${data.rollout.taskKey} · ${data.meta.name}` : "Rollout not found" };
}

export default async function RolloutPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, rollout: segments } = await params;
  const rolloutKey = keyOfSegments(segments);
  const scenarioText = scenarioParamOf(await searchParams);
  // The slashes as written: answered with the one form the app links with.
  if (segments.length > 1) permanentRedirect(rolloutHref(id, rolloutKey, scenarioText));
  const data = await load(id, rolloutKey);
  if (!data) {
    // A row id in place of the rollout id: redirect to the id's URL.
    const rolloutId = segments.length === 1 ? await getStore().rolloutIdOfRowId(id, keyOfSegment(segments[0]!)) : null;
    if (rolloutId !== null) permanentRedirect(rolloutHref(id, rolloutId, scenarioText));
    notFound();
  }
  const { meta, rollout, run, trace, trialTexts, stateDiff, evidence } = data;
  // The checks the page shows first under its scenario; its lists fetch the rest as the reader scrolls.
  const parsed = parseScenarioParam(scenarioText);
  const cells = rolloutCheckCells(run, rollout.id, parsed.success ? parsed.data : {}) ?? [];
  const checks = await firstPageChecks(getStore(), id, rollout.id, cells);
  const reviews = ((await readRunReviews(getStore(), id)) ?? []).filter((r) => r.rollout === rollout.id);
  return (
    <RolloutPageBody
      id={id}
      runName={meta.name}
      rollout={rollout}
      checks={checks}
      server
      run={run}
      scenarioText={scenarioText}
      trace={trace}
      trialTexts={trialTexts}
      stateDiff={stateDiff}
      evidence={evidence}
      reviews={reviews}
    />
  );
}
