import { apiUrls } from "@/lib/api/client-routes";
import { JsonTree } from "@/components/ui/json-tree";
import { CutText } from "@/components/ui/cut-text";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import { TraceSection } from "@/components/trace/trace-section";
import type { RolloutView } from "@/lib/views/rollout-view-model";
import { reviewQueueHref } from "@/lib/views/hrefs";
import { ChecksSection } from "@/components/rollout/checks-section";
import { FailedRequiredSection } from "@/components/rollout/failed-required-section";
import { OutputSection } from "@/components/rollout/output-section";
import { RawFiles } from "@/components/rollout/raw-files";
import { RolloutHeader } from "@/components/rollout/rollout-header";
import { RolloutNav } from "@/components/rollout/rollout-nav";
import { SideBySidePicker } from "@/components/rollout/side-by-side-picker";
import styles from "@/components/rollout/rollout-page.module.css";
import { TrialTextsSection } from "@/components/rollout/trial-texts-section";
import { ReviewsSection } from "@/components/rollout/reviews-section";
import { WarningsList } from "@/components/rollout/warnings-list";

/**
 * The rollout page, as lib/views/rollout-view-model.ts prepares it (on the server, or in the browser for a
 * static share bundle). `traceFirstPage`: the steps the page has of the trace (a bundle has them all).
 */
export function RolloutPageBody({ view, traceFirstPage }: { view: RolloutView; traceFirstPage?: number }) {
  const { runId: id, runName, rollout, server, scenario, verdict, rolloutApi, hrefs } = view;
  const { trace, trialTexts, stateDiff, evidence, reviews } = view;
  const plan = { total: view.total, failedTotal: view.failedTotal };
  const carried = scenario.carried;
  return (
    <>
      <ScenarioBanner description={scenario.description} issues={scenario.issues} recordedHref={hrefs.recorded} />
      <RolloutHeader
        rollout={rollout}
        checks={view.checkStatuses}
        verdict={verdict}
        runName={runName}
        runHref={hrefs.run}
        taskHref={hrefs.task}
      />
      <RolloutNav
        prev={view.prev}
        next={view.next}
        taskHref={hrefs.task}
        position={view.position}
        total={view.siblings}
      />
      <SideBySidePicker
        runId={id}
        rolloutId={rollout.id}
        choices={view.sideBySideChoices}
        siblings={view.siblings}
        taskHref={hrefs.task}
      />

      {rollout.warnings.length > 0 ? (
        <section className="section" aria-label="Warnings">
          <WarningsList warnings={rollout.warnings} />
        </section>
      ) : null}

      {plan.total > 0 ? (
        <FailedRequiredSection
          failed={view.failed}
          failedTotal={plan.failedTotal}
          status={rollout.status}
          passed={verdict.passed}
          overBudget={view.overBudget}
          rolloutApi={rolloutApi}
        />
      ) : null}

      <ChecksSection
        total={plan.total}
        failedTotal={plan.failedTotal}
        first={view.first}
        source={view.source}
        flip={{ runHref: hrefs.runRecorded, task: rollout.taskKey, rollout: rollout.id, rolloutsInTask: view.siblings }}
        hasWeights={view.hasWeights}
        rolloutApi={rolloutApi}
        version={carried ?? ""}
        unscored={rollout.status === "unscored"}
        stateDiff={stateDiff}
        judges={view.judges}
      />

      {reviews.length > 0 ? (
        <ReviewsSection reviews={reviews} recorded={view.recordedChecks} queueHref={reviewQueueHref(id)} />
      ) : null}

      <TrialTextsSection texts={trialTexts} server={server} />

      <OutputSection
        agentOutput={rollout.agentOutput}
        error={rollout.error}
        citations={evidence.answer}
        rolloutApi={rolloutApi}
      />

      <TraceSection
        read={trace}
        rolloutApi={{ id, rollout: rollout.id }}
        citations={evidence.citations}
        citedBy={evidence.citedBy}
        firstPage={traceFirstPage}
      />

      <section className="section" aria-labelledby="metadata-heading">
        <h2 id="metadata-heading">Metadata</h2>
        <p className="section-note">Fields of the result file that Tally does not map, kept as they were.</p>
        {rollout.metadata.cut ? (
          <CutText
            as="pre"
            focusable
            text={{ head: rollout.metadata.head, bytes: rollout.metadata.bytes, cut: true }}
            url={rolloutApi ? apiUrls.rolloutText(rolloutApi, "metadata") : null}
            className={styles.textBlock}
            testId="rollout-metadata-text"
            what="metadata"
          />
        ) : Object.keys(rollout.metadata.value).length > 0 ? (
          <div className={`card ${styles.metaCard}`}>
            <JsonTree value={rollout.metadata.value} />
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
        prev={view.prev}
        next={view.next}
        taskHref={hrefs.task}
        position={view.position}
        total={view.siblings}
        atEnd
      />
    </>
  );
}
