import { apiUrls } from "@/lib/api/client-routes";
import { notFound } from "next/navigation";
import { clip } from "@/lib/display/format";
import { checkEntryViews } from "@/lib/api/check-views";
import { JsonTree } from "@/components/ui/json-tree";
import { CutText } from "@/components/ui/cut-text";
import { rolloutHref, runHref, taskHref } from "@/components/task/hrefs";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import { TraceSection } from "@/components/trace/trace-section";
import type { TraceEvidence } from "@/lib/api/rollout-trace";
import type { TrialTexts } from "@/lib/api/trial-texts";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { rolloutCheckCells } from "@/lib/scoring/view/check-grid";
import { firstCheckPage } from "@/lib/scoring/view/check-pages";
import { computeReport } from "@/lib/scoring/report/report";
import { describeOverBudget } from "@/lib/scoring/scenario/describe-scenario";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import type { CheckHead, RolloutHead } from "@/lib/store/records";
import type { TraceRead } from "@/lib/traces";
import type { CheckRowsSource } from "@/components/rollout/check-rows";
import { ChecksSection } from "@/components/rollout/checks-section";
import { FailedRequiredSection } from "@/components/rollout/failed-required-section";
import { OutputSection } from "@/components/rollout/output-section";
import { RawFiles } from "@/components/rollout/raw-files";
import { RolloutHeader } from "@/components/rollout/rollout-header";
import { RolloutNav, type RolloutLink } from "@/components/rollout/rollout-nav";
import styles from "@/components/rollout/rollout-page.module.css";
import { TrialTextsSection } from "@/components/rollout/trial-texts-section";
import { ReviewsSection } from "@/components/rollout/reviews-section";
import type { Review } from "@/lib/scoring/reviews/review-types";
import { WarningsList } from "@/components/rollout/warnings-list";

/** Authority checks named beside the state changes they judge. */
const JUDGES_SHOWN = 20;

/**
 * The rollout page under a scenario (the raw `scenario` parameter), from the stored rollout's head and what its
 * raw files read as: computed where it renders, on the server for the app and in the browser for a static
 * share bundle. `checks` are the stored checks the page has: the app reads its first page (firstCheckPage) and
 * its lists fetch the rest from the rollout's APIs (`server`); a bundle holds every check and the whole trace
 * (`traceFirstPage` is then its length).
 */
export function RolloutPageBody({
  id,
  runName,
  rollout,
  checks,
  server,
  run,
  scenarioText,
  trace,
  trialTexts,
  stateDiff,
  evidence,
  traceFirstPage,
  reviews = [],
}: {
  id: string;
  runName: string;
  rollout: RolloutHead;
  checks: readonly CheckHead[];
  /** A server is behind the page: texts and checks past what the page has are fetched from its APIs. */
  server: boolean;
  run: ScoringRun;
  scenarioText: string | null;
  trace: TraceRead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  evidence: TraceEvidence;
  traceFirstPage?: number;
  /** The reviews of this rollout's verdicts (none where no server answers). */
  reviews?: readonly Review[];
}) {
  const parsed = parseScenarioParam(scenarioText);
  const scenario = parsed.success ? parsed.data : {};
  const carried = parsed.success ? scenarioText : null;
  const report = computeReport(run, scenario);
  const verdict = report.rollouts.find((r) => r.id === rollout.id);
  const cells = rolloutCheckCells(run, rollout.id, scenario);
  const scoring = run.rollouts.find((r) => r.id === rollout.id);
  if (!verdict || !cells || !scoring) notFound();

  const plan = firstCheckPage(cells);
  const failed = checkEntryViews(plan.failed, checks, cells, evidence.byCheck);
  const first = checkEntryViews(plan.rows, checks, cells, evidence.byCheck);
  const rolloutApi = server ? { id, rollout: rollout.id } : null;
  const source: CheckRowsSource = rolloutApi
    ? {
        kind: "api",
        url: apiUrls.rolloutChecks(rolloutApi, carried),
      }
    : {
        kind: "local",
        entries: checkEntryViews(
          cells.map((c) => c.index),
          checks,
          cells,
          evidence.byCheck,
        ),
      };
  const authority = scoring.checks.flatMap((c, order) =>
    c.dimension === "authority" ? [{ order, label: clip(c.label, 200), passed: cells[order]?.passed ?? null }] : [],
  );
  const judges = { shown: authority.slice(0, JUDGES_SHOWN), total: authority.length };
  const hasWeights = scoring.checks.some((c) => c.weight !== null);
  const over = describeOverBudget(scoring.measures, scenario.budget);
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
        checks={scoring.checks}
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

      {plan.total > 0 ? (
        <FailedRequiredSection
          failed={failed}
          failedTotal={plan.failedTotal}
          status={rollout.status}
          passed={verdict.passed}
          overBudget={over}
          rolloutApi={rolloutApi}
        />
      ) : null}

      <ChecksSection
        total={plan.total}
        failedTotal={plan.failedTotal}
        first={first}
        source={source}
        flip={{ runHref: runHref(id), task: rollout.taskKey, rollout: rollout.id, rolloutsInTask: siblings.length }}
        hasWeights={hasWeights}
        rolloutApi={rolloutApi}
        version={carried ?? ""}
        unscored={rollout.status === "unscored"}
        stateDiff={stateDiff}
        judges={judges}
      />

      {reviews.length > 0 ? (
        <ReviewsSection
          reviews={reviews}
          rollout={run.rollouts.find((r) => r.id === rollout.id)}
          queueHref={`/runs/${encodeURIComponent(id)}/review`}
        />
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
