import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { checkEntries, failedRequiredEntries } from "@/components/checks/check-entry";
import { ChecksSection } from "@/components/rollout/checks-section";
import { FailedRequiredSection } from "@/components/rollout/failed-required-section";
import { JsonTree } from "@/components/ui/json-tree";
import { RawFiles } from "@/components/rollout/raw-files";
import { RolloutHeader } from "@/components/rollout/rollout-header";
import { RolloutNav, type RolloutLink } from "@/components/rollout/rollout-nav";
import styles from "@/components/rollout/rollout-page.module.css";
import { OutputSection } from "@/components/rollout/output-section";
import { TrialTextsSection } from "@/components/rollout/trial-texts-section";
import { WarningsList } from "@/components/rollout/warnings-list";
import { keyOfSegment, rolloutHref, runHref, scenarioParamOf, taskHref } from "@/components/task/hrefs";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import { rolloutCheckCells } from "@/lib/scoring/view/check-grid";
import { computeReport } from "@/lib/scoring/report/report";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { readStoredTrace, traceEvidence } from "@/lib/api/rollout-trace";
import { readTrialTexts } from "@/lib/api/trial-texts";
import { readStoredStateDiff } from "@/lib/api/state-diff";
import { getStore } from "@/lib/store/open-store";
import { TraceSection } from "@/components/trace/trace-section";

type Params = Promise<{ id: string; rollout: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `rollout` is the path segment as Next.js passes it; the rollout id is that segment decoded. */
const load = cache(async (runId: string, segment: string) => {
  const store = getStore();
  const [meta, rollout, run] = await Promise.all([
    store.getRun(runId),
    store.getRollout(runId, keyOfSegment(segment)),
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
  const data = await load(id, rollout);
  return { title: data ? `${data.rollout.id} · ${data.rollout.taskKey} · ${data.meta.name}` : "Rollout not found" };
}

export default async function RolloutPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, rollout: segment } = await params;
  const data = await load(id, segment);
  const scenarioText = scenarioParamOf(await searchParams);
  if (!data) {
    // A row id in place of the rollout id: redirect to the id's URL.
    const rolloutId = await getStore().rolloutIdOfRowId(id, keyOfSegment(segment));
    if (rolloutId !== null) permanentRedirect(rolloutHref(id, rolloutId, scenarioText));
    notFound();
  }
  const { meta, rollout, run, trace, trialTexts, stateDiff, evidence } = data;

  const parsed = parseScenarioParam(scenarioText);
  const scenario = parsed.success ? parsed.data : {};
  const carried = parsed.success ? scenarioText : null;
  const report = computeReport(run, scenario);
  const verdict = report.rollouts.find((r) => r.id === rollout.id);
  const cells = rolloutCheckCells(run, rollout.id, scenario);
  if (!verdict || !cells) notFound();

  const entries = checkEntries(rollout.checks, cells);
  const failed = failedRequiredEntries(entries);
  const siblings = report.rollouts.filter((r) => r.task === rollout.taskKey);
  const index = siblings.findIndex((r) => r.id === rollout.id);
  const link = (i: number): RolloutLink | null => {
    const r = siblings[i];
    return r ? { id: r.id, href: rolloutHref(id, r.id, carried), position: i + 1 } : null;
  };
  const backToTask = taskHref(id, rollout.taskKey, carried);
  const thisPage = rolloutHref(id, rollout.id);

  return (
    <>
      <ScenarioBanner
        description={report.scenarioDescription}
        issues={parsed.success ? null : parsed.issues}
        recordedHref={thisPage}
      />
      <RolloutHeader
        rollout={rollout}
        verdict={verdict}
        runName={meta.name}
        runHref={runHref(id, carried)}
        taskHref={backToTask}
      />
      <RolloutNav
        prev={link(index - 1)}
        next={link(index + 1)}
        taskHref={backToTask}
        position={index + 1}
        total={siblings.length}
      />

      {rollout.warnings.length > 0 ? (
        <section className="section" aria-label="Warnings">
          <WarningsList warnings={rollout.warnings} />
        </section>
      ) : null}

      {entries.length > 0 ? (
        <FailedRequiredSection failed={failed} status={rollout.status} passed={verdict.passed} />
      ) : null}

      <ChecksSection
        entries={entries}
        flip={{ runId: id, task: rollout.taskKey, rollout: rollout.id, rolloutsInTask: siblings.length }}
        evidence={evidence.byCheck}
        unscored={rollout.status === "unscored"}
        stateDiff={stateDiff}
      />

      <TrialTextsSection texts={trialTexts} />

      <OutputSection agentOutput={rollout.agentOutput} error={rollout.error} />

      <TraceSection
        read={trace}
        rolloutApi={`/api/runs/${encodeURIComponent(id)}/rollouts/${encodeURIComponent(rollout.id)}`}
        citations={evidence.citations}
      />

      <section className="section" aria-labelledby="metadata-heading">
        <h2 id="metadata-heading">Metadata</h2>
        <p className="section-note">Fields of the result file that Tally does not map, kept as they were.</p>
        {Object.keys(rollout.metadata).length > 0 ? (
          <div className={`card ${styles.metaCard}`}>
            <JsonTree value={rollout.metadata} />
          </div>
        ) : (
          <p className="muted">No extra fields.</p>
        )}
      </section>

      <section className="section" aria-labelledby="files-heading">
        <h2 id="files-heading">Raw files</h2>
        <p className="section-note">The files this rollout was read from, byte for byte as uploaded.</p>
        <RawFiles files={rollout.files} />
      </section>

      <RolloutNav
        prev={link(index - 1)}
        next={link(index + 1)}
        taskHref={backToTask}
        position={index + 1}
        total={siblings.length}
      />
    </>
  );
}
