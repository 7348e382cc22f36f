"use client";

import { apiUrls } from "@/lib/api/client-routes";
import { usePathname, useSearchParams } from "next/navigation";
import { memo, Suspense, useCallback, useMemo, type ReactNode } from "react";
import { preload } from "react-dom";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { explainSchemes } from "@/lib/scoring/view/explain-schemes";
import { groupChartData } from "@/lib/scoring/view/group-chart";
import type { PageReport, PageTaskReport } from "@/lib/scoring/report/report-types";
import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import { stripLookup } from "@/lib/scoring/view/rollout-summary";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { noFailedCheckWords } from "@/lib/scoring/view/failure-origin";
import { passRule } from "@/lib/scoring/view/pass-rule";
import { CostAndEffort } from "./cost-and-effort";
import { FailureTags, MostFailedChecks } from "./failures";
import { FlakyTasks } from "./flaky-tasks";
import { FormatNotes } from "./format-notes";
import { GroupBreakdown } from "./group-breakdown";
import { HeadlineCard } from "./headline-card";
import { MetricCard } from "./metric-card";
import { count, metricText } from "@/lib/display/format";
import { RewardDistribution } from "./reward-distribution";
import { MeanRewardCard, PassRateCard } from "./rollout-rate-cards";
import { RunHeader } from "./run-header";
import {
  rolloutHref as hrefForRollout,
  rolloutsHref,
  reviewQueueHref,
  taskHref as hrefForTask,
} from "@/lib/views/hrefs";
import { readRunPageMeta } from "@/lib/views/run-payload";
import type { RunPageMeta } from "@/lib/views/run-page-meta";
import type { SharedRollouts } from "@/lib/views/records";
import { tableDimensions, type RunFirstScreen } from "@/lib/scoring/view/first-screen";
import type { RunSource, ScoredView } from "./run-source";
import { useRunScoring } from "./use-run-scoring";
import { useStaticSite } from "@/components/ui/static-site";
import { AfterReviewFigures } from "./after-review";
import { Agreement } from "./agreement";
import type { ReviewsReport } from "@/lib/scoring/reviews/reviews-report";
import type { ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import { useUrlWrites } from "@/components/url-state/use-url-state";
import { scenarioCodec } from "@/components/whatif/scenario-url";
import { scoringScenarios } from "./scoring-scenarios";
import type { AfterReview } from "@/lib/scoring/view/after-review";
import styles from "./run-view.module.css";
import { ActiveScenarioCallout, InvalidScenarioCallout } from "@/components/whatif/scenario-callout";
import { SchemeExplanationNote } from "./scheme-explanation";
import { TasksTable } from "./tasks-table";
import { DiagnosisCounts } from "./diagnosis-counts";
import { parseTasksView } from "./tasks-view";
import { UnscoredReasons } from "./unscored-reasons";
import { FailureGroups } from "./failure-groups";
import { WhatIfPanel } from "@/components/whatif/whatif-panel";
import type { SavedScenarioItem } from "@/components/whatif/saved-scenarios";
import { LiveRefresh } from "@/components/live/live-refresh";
import { writeRolloutsView } from "@/components/rollouts/rollouts-view";
import type { ReportHeadline } from "@/lib/scoring/report/report-types";
import { savedScenarioFor } from "@/lib/scoring/scenario/named-scenario";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";
import { DeclaredHeadline } from "./declared-headline";
import { RunPassAtKSection } from "./run-pass-at-k";
import { HeadlineRobustnessTable } from "./headline-robustness";
import { Levers } from "./levers";
import { SharedRolloutsNote } from "./shared-rollouts-note";

const AS_RECORDED: Scenario = {};

/*
 * The sections a change of scenario often leaves as they were: the worker sends only the report's parts that
 * changed (lib/scoring/wire/report-delta.ts), so a section whose props keep their identity is not drawn again.
 */
const SameTasksTable = memo(TasksTable);
const SameCostAndEffort = memo(CostAndEffort);
const SameGroupBreakdown = memo(GroupBreakdown);
const SameRewardDistribution = memo(RewardDistribution);
const SameMostFailedChecks = memo(MostFailedChecks);
const SameFailureTags = memo(FailureTags);
const SameFlakyTasks = memo(FlakyTasks);
const SameMetricCard = memo(MetricCard);
const SameUnscoredReasons = memo(UnscoredReasons);
const SameRunPassAtK = memo(RunPassAtKSection);
const SameFailureGroups = memo(FailureGroups);
const SameLevers = memo(Levers);
const SameWhatIfPanel = memo(WhatIfPanel);
const SameRobustness = memo(HeadlineRobustnessTable);
const SameFormatNotes = memo(FormatNotes);

/**
 * The run page body. The report is computed in a Web Worker (use-run-scoring.ts) from the run and the URL's
 * `scenario` parameter, so anything that changes that parameter (the what-if panel) updates every card and
 * table below without blocking the page. Until the worker's first answer, the page shows `first`: what the
 * server rendered (lib/scoring/view/first-screen.ts).
 */
export function RunView({
  first,
  metaJson,
  source,
  scenarios,
  declared,
  shared,
  reviewed = null,
  afterReview = null,
  agreement = null,
}: {
  first: RunFirstScreen;
  metaJson: string;
  source: RunSource;
  /** The runs sharing this run's rollouts when the server streams them; otherwise the page meta's. */
  shared?: Promise<readonly SharedRollouts[]>;
  /** The saved scenarios, names and descriptions only (the what-if panel's picker fetches a body on use). */
  scenarios: readonly SavedScenarioItem[];
  /**
   * The declared scenario, whole (its link holds it), and the run's headline under it, computed by the server;
   * null when none is declared or the page shows the run as recorded from its stored first screen.
   */
  declared: { scenario: Scenario; headline: ReportHeadline } | null;
  /** The run's reviews as flips (what `reviews: "apply"` applies); null when it has none. */
  reviewed?: ReviewFlips | null;
  /** The figures as recorded and after review, computed by the server; null when the run has no reviews. */
  afterReview?: AfterReview | null;
  /** How far the graders agree with the reviewers (computed by the server); null without reviews. */
  agreement?: ReviewsReport | null;
}) {
  const meta = useMemo(() => readRunPageMeta(metaJson), [metaJson]);
  const searchParams = useSearchParams();
  const scenarioText = searchParams.get("scenario");
  const parsed = useMemo(() => readScenarioParam(scenarioText), [scenarioText]);
  const active = parsed.carried !== null;
  const scenario = active ? parsed.scenario : AS_RECORDED;
  const pathname = usePathname();
  // The worker scores the reviewed verdicts as flips: it holds the run, not its reviews.
  const scoringOf = useMemo(() => scoringScenarios(reviewed), [reviewed]);
  const scoringKey = scoringOf.keyOf(scenarioText);
  // The run's bytes are asked for with the page's own resources (a <link rel="preload"> in its head), not once
  // its scripts have run: the worker's fetch then finds them on their way.
  if ("href" in source) preload(source.href, { as: "fetch", crossOrigin: "anonymous", fetchPriority: "high" });
  const scoring = useRunScoring(source, scoringKey, scoringOf.scenarioOf(scoringKey), first.levers ?? null);
  const { ask } = scoring;
  useUrlWrites(
    scenarioCodec,
    useCallback(
      (next: Scenario) => {
        const key = scoringOf.keyOfView(next);
        ask(key, scoringOf.scenarioOf(key));
      },
      [ask, scoringOf],
    ),
  );
  const reportHref = apiUrls.report(meta.id, active ? scenarioText : null);
  const named = useMemo(() => savedScenarioFor(scenario, scenarios), [scenario, scenarios]);
  const declaredItem = scenarios.find((s) => s.declared) ?? null;
  const declaredParam = declared ? scenarioParam(declared.scenario) : null;
  const notes = (
    <>
      {afterReview ? (
        <AfterReviewFigures
          figures={afterReview}
          href={`${pathname}?scenario=${encodeURIComponent(scenarioParam({ ...scenario, reviews: "apply" }) ?? "")}`}
          current={scenario.reviews === "apply"}
        />
      ) : null}
      {declaredItem && declared ? (
        <DeclaredHeadline
          name={declaredItem.name}
          declared={declared.headline}
          recorded={scoring.recorded?.report.headline ?? first.recordedHeadline}
          href={declaredParam ? `${pathname}?scenario=${encodeURIComponent(declaredParam)}` : pathname}
          current={named?.name === declaredItem.name}
        />
      ) : null}
      <Suspense fallback={null}>
        <SharedRolloutsNote runId={meta.id} rollouts={first.counts.rollouts} shared={shared ?? meta.shared} />
      </Suspense>
    </>
  );

  const scored = scoring.columns && scoring.recorded && scoring.current ? scoring.current : null;
  // By the report's parts: a change of scenario that leaves them as they were lists nothing again.
  const summary = scored?.summary ?? null;

  // The header stays mounted from the first screen to the scored page: a rename or tag form opened while
  // the run loads keeps what was typed.
  return (
    <>
      <LiveRefresh shown={meta.live ? [{ id: meta.id, rollouts: first.counts.rollouts }] : []} />
      <RunHeader
        meta={meta}
        counts={scored?.report.counts ?? first.counts}
        warnings={summary?.warnings ?? first.warnings}
        warningsTotal={summary?.warningsTotal ?? first.warningsTotal}
        reportHref={reportHref}
      />
      {scoring.columns && scoring.recorded && scoring.current ? (
        <ScoredRunView
          meta={meta}
          columns={scoring.columns}
          recorded={scoring.recorded.report}
          view={scoring.current}
          viewKey={scoring.currentKey}
          settled={scoring.settled}
          scenarioName={named?.name ?? null}
          scenarios={scenarios}
          notes={notes}
          agreement={agreement}
        />
      ) : (
        <FirstScreen
          meta={meta}
          first={first}
          error={scoring.error}
          invalid={parsed.issues}
          scenarioName={named?.name ?? null}
          notes={notes}
        />
      )}
    </>
  );
}

/** The server's first screen while the worker loads the run: header, headline, rates and one page of tasks. */
function FirstScreen({
  meta,
  first,
  error,
  invalid,
  scenarioName,
  notes,
}: {
  meta: RunPageMeta;
  first: RunFirstScreen;
  error: string | null;
  invalid: Parameters<typeof InvalidScenarioCallout>[0]["issues"] | null;
  scenarioName: string | null;
  notes: ReactNode;
}) {
  const pathname = usePathname();
  const taskHref = useCallback((key: string) => hrefForTask(meta.id, key), [meta.id]);
  const counted = useCallback(
    (t: PageTaskReport) => (first.unscoredFail ? t.rollouts : t.scored),
    [first.unscoredFail],
  );
  const firstStrips = useCallback(
    (key: string) => (Object.hasOwn(first.strips, key) ? (first.strips[key] ?? []) : []),
    [first.strips],
  );
  return (
    <>
      {invalid ? <InvalidScenarioCallout issues={invalid} resetHref={pathname} /> : null}
      {first.scenarioDescription.length > 0 ? (
        <ActiveScenarioCallout description={first.scenarioDescription} resetHref={pathname} name={scenarioName} />
      ) : null}
      {notes}
      <div className={styles.top}>
        <HeadlineCard headline={first.headline} metric={first.headlineMetric ?? undefined} />
        <div className={styles.rates}>
          <PassRateCard passRate={first.passRate} unscored={first.counts.unscored} rule={first.passRule} />
          <MeanRewardCard meanReward={first.meanReward} unscored={first.counts.unscored} />
        </div>
      </div>
      {error ? (
        <p className="callout" role="alert">
          {error} The figures above are as the server computed them; reload the page to try again.
        </p>
      ) : (
        <p className={styles.loading} role="status" aria-busy="true">
          Loading the run’s {count(first.counts.rollouts)} rollouts for the what-if explorer…
        </p>
      )}
      {first.tasks.length > 0 ? (
        <section className="section" aria-labelledby="tasks-title">
          <div className={styles.sectionHead}>
            <h2 id="tasks-title">Tasks</h2>
            <p>
              The first {first.tasks.length} of {count(first.counts.tasks)} tasks by key; sorting and filtering follow
              once the run has loaded.
            </p>
          </div>
          <TasksTable
            tasks={first.tasks}
            dimensions={first.tableDimensions}
            strips={firstStrips}
            counted={counted}
            taskHref={taskHref}
            preview
          />
        </section>
      ) : null}
    </>
  );
}

/** The whole run page under the URL's scenario, once the worker has scored it. */
function ScoredRunView({
  meta,
  columns,
  recorded,
  view,
  viewKey,
  settled,
  scenarioName,
  scenarios,
  notes,
  agreement,
}: {
  meta: RunPageMeta;
  columns: RunColumns;
  recorded: PageReport;
  /** The report under the scenario and what is shown beside it (run-scorer.ts). */
  view: ScoredView;
  /** The URL scenario text `view` was scored for ("" as recorded). */
  viewKey: string;
  /** Whether `report` is under the URL's scenario already (false while the worker computes a newer one). */
  settled: boolean;
  scenarioName: string | null;
  scenarios: readonly SavedScenarioItem[];
  notes: ReactNode;
  agreement: ReviewsReport | null;
}) {
  const staticSite = useStaticSite();
  const { report, tallies } = view;
  const paths = useMemo(
    () => ({
      task: (key: string) => hrefForTask(meta.id, key),
      rollout: (id: string) => hrefForRollout(meta.id, id),
    }),
    [meta.id],
  );
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const scenarioText = searchParams.get("scenario");
  const parsed = useMemo(() => readScenarioParam(scenarioText), [scenarioText]);
  const active = parsed.carried !== null;
  // Links carry the scenario of the figures on screen: they change with the figures, not before, so a change
  // draws the sections once, when its figures come.
  const shownText = viewKey === "" ? null : viewKey;

  const { summary } = view;
  const strips = useMemo(() => stripLookup(summary.strips), [summary.strips]);
  const groups = useMemo(() => groupChartData(report.groups), [report.groups]);
  const headlineKind = metricKind(report.headline.metric);
  const explanation = useMemo(
    () => explainSchemes(report, report.headline.metric, view.schemeVotes, (v) => metricText(headlineKind, v)),
    [report, view.schemeVotes, headlineKind],
  );

  const taskHref = useCallback((key: string) => hrefForTask(meta.id, key), [meta.id]);
  const unscoredHref = useCallback(
    (reason: string | null) =>
      rolloutsHref(
        meta.id,
        writeRolloutsView({ status: "unscored", reason, failure: null, page: 1, sort: null }, shownText),
      ),
    [meta.id, shownText],
  );
  const failureHref = useCallback(
    (failure: string) =>
      rolloutsHref(meta.id, writeRolloutsView({ status: null, reason: null, failure, page: 1, sort: null }, shownText)),
    [meta.id, shownText],
  );
  const spendersHref = useCallback(
    (measure: MeasureKey) =>
      rolloutsHref(
        meta.id,
        writeRolloutsView(
          { status: null, reason: null, failure: null, page: 1, sort: { key: measure, dir: "desc" } },
          shownText,
        ),
      ),
    [meta.id, shownText],
  );
  const failAsZero = report.scenario.unscored === "fail";
  const counted = useCallback((t: PageTaskReport) => (failAsZero ? t.rollouts : t.scored), [failAsZero]);

  const metrics = Object.values(report.metrics);
  const dimensions = useMemo(() => tableDimensions(report.metrics), [report.metrics]);
  const showGroups = groups.rows.length > 1 && groups.series.length > 0;
  const flaky = useMemo(() => report.tasks.filter((t) => t.diagnosis === "unreliable"), [report.tasks]);
  const { passAtK, passHatK, passAtKCoverage } = report;
  const passCurves = useMemo(() => ({ passAtK, passHatK, passAtKCoverage }), [passAtK, passHatK, passAtKCoverage]);
  const hasChecks = columns.checkCode.length > 0;
  const noneWords = useMemo(() => noFailedCheckWords(summary.origin), [summary.origin]);
  const threshold = report.scenario.passThreshold;
  const rule = useMemo(() => passRule(columns, { passThreshold: threshold }), [columns, threshold]);

  return (
    <div aria-busy={!settled} data-scored={settled ? "" : undefined} className={styles.scored}>
      {parsed.issues ? <InvalidScenarioCallout issues={parsed.issues} resetHref={pathname} /> : null}
      {active ? (
        <ActiveScenarioCallout description={report.scenarioDescription} resetHref={pathname} name={scenarioName} />
      ) : null}
      {notes}

      <div className={styles.top}>
        <HeadlineCard headline={report.headline} metric={report.metrics[report.headline.metric]} />
        <div className={styles.rates}>
          <PassRateCard passRate={report.passRate} unscored={report.counts.unscored} rule={rule} />
          <MeanRewardCard meanReward={report.meanReward} unscored={report.counts.unscored} />
        </div>
      </div>

      <SameWhatIfPanel columns={columns} recorded={recorded} report={report} paths={paths} saved={scenarios} />
      <section className="section" aria-labelledby="dimensions-title">
        <div className={styles.sectionHead}>
          <h2 id="dimensions-title">Dimensions</h2>
          {report.headline.scheme !== "check" ? (
            <span className={styles.legend}>
              <span>
                <span className={styles.legendMarker} aria-hidden />
                pooled value (each check one vote)
              </span>
            </span>
          ) : null}
        </div>
        <div className={styles.cards}>
          {metrics.map((m) => (
            <SameMetricCard
              key={m.metric}
              metric={m}
              tally={Object.hasOwn(tallies, m.metric) ? tallies[m.metric] : undefined}
              taskHref={taskHref}
              highlighted={m.metric === report.headline.metric}
            />
          ))}
        </div>
        {explanation ? <SchemeExplanationNote explanation={explanation} /> : null}
        <SameRobustness robustness={view.robustness} />
      </section>

      <SameLevers
        levers={view.levers}
        headline={report.headline}
        tasks={report.tasks}
        taskHref={taskHref}
        hasChecks={hasChecks}
        reviewHref={staticSite ? undefined : reviewQueueHref(meta.id)}
      />
      {agreement ? <Agreement report={agreement} /> : null}

      <SameFormatNotes meta={meta} report={report} />

      <div className={`section ${showGroups ? styles.split : ""}`}>
        {showGroups ? <SameGroupBreakdown data={groups} /> : null}
        <SameRewardDistribution bins={summary.bins} scored={report.counts.scored} unscored={report.counts.unscored} />
      </div>

      <SameCostAndEffort
        effort={report.effort}
        outliers={report.effortOutliers}
        scatters={summary.scatters}
        rolloutHref={paths.rollout}
        spendersHref={spendersHref}
      />

      <div className={`section ${styles.split}`}>
        <SameMostFailedChecks checks={report.failures.checks} noneWords={noneWords} taskHref={taskHref} />
        <SameFailureTags tags={report.failures.tags} />
      </div>

      {view.failureGroups.length > 0 ? (
        <div className="section">
          <SameFailureGroups groups={view.failureGroups} groupHref={failureHref} rolloutHref={paths.rollout} />
        </div>
      ) : null}

      {report.unscoredReasons.length > 0 ? (
        <div className="section">
          <SameUnscoredReasons reasons={report.unscoredReasons} reasonHref={unscoredHref} />
        </div>
      ) : null}

      <section className="section" aria-labelledby="tasks-title">
        <div className={styles.sectionHead}>
          <h2 id="tasks-title">Tasks</h2>
          <p>Click a column to sort. Dimension columns: each task’s value (mean over its rollouts).</p>
        </div>
        <DiagnosisCounts counts={report.diagnosis} active={parseTasksView(searchParams).diagnosis} />
        <SameRunPassAtK curves={passCurves} />
        {flaky.length > 0 ? <SameFlakyTasks tasks={flaky} counted={counted} taskHref={taskHref} /> : null}
        <SameTasksTable
          tasks={report.tasks}
          dimensions={dimensions}
          strips={strips}
          counted={counted}
          taskHref={taskHref}
        />
      </section>
    </div>
  );
}
