import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { keyOfSegment, keyOfSegments, rolloutHref, scenarioParamOf } from "@/components/task/hrefs";
import { readStoredTrace, traceEvidence } from "@/lib/api/rollout-trace";
import { readTrialTexts } from "@/lib/api/trial-texts";
import { readStoredStateDiff } from "@/lib/api/state-diff";
import { getStore } from "@/lib/store/open-store";

/** `rollout` holds the path segments as Next.js passes them: the rollout id, or its slashes as written. */
type Params = Promise<{ id: string; rollout: string[] }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache(async (runId: string, rolloutId: string) => {
  const store = getStore();
  const [meta, rollout, run] = await Promise.all([
    store.getRun(runId),
    store.getRollout(runId, rolloutId),
    store.snapshot(runId).then((s) => s?.run ?? null),
  ]);
  if (!meta || !rollout || !run) return null;
  const [trace, trialTexts, stateDiff] = await Promise.all([
    readStoredTrace(store, rollout),
    readTrialTexts(store, rollout),
    readStoredStateDiff(store, rollout),
  ]);
  return { meta, rollout, run, trace, trialTexts, stateDiff, evidence: traceEvidence(rollout, trace) };
});

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
  return (
    <RolloutPageBody
      id={id}
      runName={meta.name}
      rollout={rollout}
      run={run}
      scenarioText={scenarioText}
      trace={trace}
      trialTexts={trialTexts}
      stateDiff={stateDiff}
      evidence={evidence}
    />
  );
}
