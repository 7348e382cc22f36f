import { notFound } from "next/navigation";
import { checkEntries, failedRequiredEntries } from "@/components/checks/check-entry";
import { JsonTree } from "@/components/ui/json-tree";
import { rolloutHref, runHref, taskHref } from "@/components/task/hrefs";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import { TraceSection } from "@/components/trace/trace-section";
import type { TraceEvidence } from "@/lib/api/rollout-trace";
import type { TrialTexts } from "@/lib/api/trial-texts";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { rolloutCheckCells } from "@/lib/scoring/view/check-grid";
import { computeReport } from "@/lib/scoring/report/report";
import { describeOverBudget } from "@/lib/scoring/scenario/describe-scenario";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import type { RolloutDetail } from "@/lib/store/records";
import type { TraceRead } from "@/lib/traces";
import { ChecksSection } from "@/components/rollout/checks-section";
import { FailedRequiredSection } from "@/components/rollout/failed-required-section";
import { OutputSection } from "@/components/rollout/output-section";
import { RawFiles } from "@/components/rollout/raw-files";
import { RolloutHeader } from "@/components/rollout/rollout-header";
import { RolloutNav, type RolloutLink } from "@/components/rollout/rollout-nav";
import styles from "@/components/rollout/rollout-page.module.css";
import { TrialTextsSection } from "@/components/rollout/trial-texts-section";
import { WarningsList } from "@/components/rollout/warnings-list";

/**
 * The rollout page under a scenario (the raw `scenario` parameter), from the stored rollout and what its raw
 * files read as: computed where it renders, on the server for the app and in the browser for a static share
 * bundle (which holds the whole trace: `traceFirstPage` is then its length).
 */
export function RolloutPageBody({
  id,
  runName,
  rollout,
  run,
  scenarioText,
  trace,
  trialTexts,
  stateDiff,
  evidence,
  traceFirstPage,
}: {
  id: string;
  runName: string;
  rollout: RolloutDetail;
  run: ScoringRun;
  scenarioText: string | null;
  trace: TraceRead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  evidence: TraceEvidence;
  traceFirstPage?: number;
}) {
  const parsed = parseScenarioParam(scenarioText);
  const scenario = parsed.success ? parsed.data : {};
  const carried = parsed.success ? scenarioText : null;
  const report = computeReport(run, scenario);
  const verdict = report.rollouts.find((r) => r.id === rollout.id);
  const cells = rolloutCheckCells(run, rollout.id, scenario);
  if (!verdict || !cells) notFound();

  const entries = checkEntries(rollout.checks, cells);
  const failed = failedRequiredEntries(entries);
  const over = describeOverBudget(run.rollouts.find((r) => r.id === rollout.id)?.measures, scenario.budget);
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
        runName={runName}
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
        <FailedRequiredSection
          failed={failed}
          status={rollout.status}
          passed={verdict.passed}
          overBudget={over}
          evidence={evidence.byCheck}
        />
      ) : null}

      <ChecksSection
        entries={entries}
        flip={{ runHref: runHref(id), task: rollout.taskKey, rollout: rollout.id, rolloutsInTask: siblings.length }}
        evidence={evidence.byCheck}
        unscored={rollout.status === "unscored"}
        stateDiff={stateDiff}
      />

      <TrialTextsSection texts={trialTexts} />

      <OutputSection agentOutput={rollout.agentOutput} error={rollout.error} citations={evidence.answer} />

      <TraceSection
        read={trace}
        rolloutApi={`/api/runs/${encodeURIComponent(id)}/rollouts/${encodeURIComponent(rollout.id)}`}
        citations={evidence.citations}
        firstPage={traceFirstPage}
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
        atEnd
      />
    </>
  );
}
