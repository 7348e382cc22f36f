"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useDeferredValue, useMemo } from "react";
import { checkTallies } from "@/lib/scoring/report/check-tallies";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { explainSchemes } from "@/lib/scoring/view/explain-schemes";
import { groupChartData } from "@/lib/scoring/view/group-chart";
import { computeReport } from "@/lib/scoring/report/report";
import { headlineRobustness, policyReports } from "@/lib/scoring/report/robustness";
import type { TaskReport } from "@/lib/scoring/report/report-types";
import { rewardHistogram } from "@/lib/scoring/view/reward-histogram";
import { rolloutStrips } from "@/lib/scoring/view/rollout-strips";
import { parseScenarioParam, type Scenario } from "@/lib/scoring/scenario/scenario";
import { failureOrigin, noFailedCheckWords } from "@/lib/scoring/view/failure-origin";
import { CostAndEffort } from "./cost-and-effort";
import { FailureTags, MostFailedChecks } from "./failures";
import { FlakyTasks } from "./flaky-tasks";
import { FormatNotes } from "./format-notes";
import { GroupBreakdown } from "./group-breakdown";
import { HeadlineCard } from "./headline-card";
import { HeadlineRobustnessTable } from "./headline-robustness";
import { levers } from "@/lib/scoring/report/levers";
import { Levers } from "./levers";
import { MetricCard } from "./metric-card";
import { metricText } from "@/lib/display/format";
import { RewardDistribution } from "./reward-distribution";
import { MeanRewardCard, PassRateCard } from "./rollout-rate-cards";
import { RunHeader, type RunWarning } from "./run-header";
import { rolloutHref as hrefForRollout, rolloutsHref, taskHref as hrefForTask } from "@/components/task/hrefs";
import { writeRolloutsView } from "@/components/rollouts/rollouts-view";
import { readRunPageMeta, readSnapshot } from "./run-payload";
import styles from "./run-view.module.css";
import { ActiveScenarioCallout, InvalidScenarioCallout } from "./scenario-callout";
import { SchemeExplanationNote } from "./scheme-explanation";
import { SharedRolloutsNote } from "./shared-rollouts-note";
import { TasksTable } from "./tasks-table";
import { DiagnosisCounts } from "./diagnosis-counts";
import { parseTasksView } from "./tasks-view";
import { UnscoredReasons } from "./unscored-reasons";
import { WhatIfPanel } from "@/components/whatif/whatif-panel";
import type { SavedScenarioItem } from "@/components/whatif/saved-scenarios";
import { savedScenarioFor } from "@/lib/scoring/scenario/named-scenario";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";
import { DeclaredHeadline } from "./declared-headline";
import { LiveRefresh } from "@/components/live/live-refresh";

const AS_RECORDED: Scenario = {};

/**
 * The run page body. The one place the report is computed: from the stored run (run-payload.ts) and the
 * URL's `scenario` parameter, so anything that changes that parameter (the what-if panel) updates every card
 * and table below.
 */
export function RunView({
  runJson,
  metaJson,
  scenarios,
}: {
  runJson: string;
  metaJson: string;
  /** The saved scenarios (the what-if panel's picker; the declared one's headline is shown). */
  scenarios: readonly SavedScenarioItem[];
}) {
  const snapshot = useMemo(() => readSnapshot(runJson), [runJson]);
  const run = snapshot.run;
  const meta = useMemo(() => readRunPageMeta(metaJson), [metaJson]);
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
  const parsed = useMemo(() => parseScenarioParam(scenarioText), [scenarioText]);
  const active = parsed.success && scenarioText !== null && scenarioText.trim() !== "";
  const scenario = parsed.success && active ? parsed.data : AS_RECORDED;

  // Read only: the as-recorded report is shared by everything that shows this snapshot.
  const report = useMemo(
    () => (scenario === AS_RECORDED ? snapshot.recorded : computeReport(run, scenario)),
    [snapshot, run, scenario],
  );
  const named = useMemo(() => savedScenarioFor(scenario, scenarios), [scenario, scenarios]);
  const declared = scenarios.find((s) => s.declared) ?? null;
  const declaredHeadline = useMemo(
    () => (declared ? computeReport(run, declared.scenario).headline : null),
    [run, declared],
  );
  const declaredParam = declared ? scenarioParam(declared.scenario) : null;
  // Deferred: a what-if edit shows its report first and these (every check of every task re-scored) after.
  const leverScenario = useDeferredValue(scenario);
  const fragile = useMemo(
    () => (leverScenario === AS_RECORDED ? snapshot.levers : levers(run, leverScenario)),
    [snapshot, run, leverScenario],
  );
  const tallies = useMemo(() => checkTallies(run, scenario), [run, scenario]);
  const strips = useMemo(() => rolloutStrips(report.rollouts), [report]);
  const groups = useMemo(() => groupChartData(report.groups), [report]);
  const bins = useMemo(() => rewardHistogram(report.rollouts), [report]);
  const headlineKind = metricKind(report.headline.metric);
  const explanation = useMemo(
    () => explainSchemes(report, report.headline.metric, (v) => metricText(headlineKind, v)),
    [report, headlineKind],
  );

  // A second report only when some rollout is unscored (policyReports): otherwise both policies read the same.
  const robustness = useMemo(
    () => headlineRobustness(policyReports(run, scenario, report), scenario),
    [run, scenario, report],
  );

  const taskHref = useCallback((key: string) => hrefForTask(meta.id, key), [meta.id]);
  const unscoredHref = useCallback(
    (reason: string | null) =>
      rolloutsHref(meta.id, writeRolloutsView({ status: "unscored", reason, page: 1 }, active ? scenarioText : null)),
    [meta.id, active, scenarioText],
  );
  const failAsZero = report.scenario.unscored === "fail";
  const counted = useCallback((t: TaskReport) => (failAsZero ? t.rollouts : t.scored), [failAsZero]);

  const metrics = Object.values(report.metrics);
  const tableDimensions = metrics.filter((m) => m.kind === "dimension" && m.eligibleTasks > 0).map((m) => m.metric);
  const warnings = useMemo<RunWarning[]>(
    () => [
      ...report.warnings.map((text) => ({ text })),
      ...report.rollouts.flatMap((r) => r.warnings.map((text) => ({ text, rollout: r.id }))),
    ],
    [report],
  );
  const showGroups = groups.rows.length > 1 && groups.series.length > 0;
  const flaky = report.tasks.filter((t) => t.diagnosis === "unreliable");
  const reportHref = `/api/runs/${encodeURIComponent(meta.id)}/report${active && scenarioText ? `?scenario=${encodeURIComponent(scenarioText)}` : ""}`;

  return (
    <>
      <LiveRefresh shown={meta.live ? [{ id: meta.id, rollouts: run.rollouts.length }] : []} />
      <RunHeader meta={meta} counts={report.counts} warnings={warnings} reportHref={reportHref} />
      {!parsed.success ? <InvalidScenarioCallout issues={parsed.issues} resetHref={pathname} /> : null}
      {active ? (
        <ActiveScenarioCallout
          description={report.scenarioDescription}
          resetHref={pathname}
          name={named?.name ?? null}
        />
      ) : null}
      {declared && declaredHeadline ? (
        <DeclaredHeadline
          name={declared.name}
          declared={declaredHeadline}
          recorded={snapshot.recorded.headline}
          href={declaredParam ? `${pathname}?scenario=${encodeURIComponent(declaredParam)}` : pathname}
          current={named?.name === declared.name}
        />
      ) : null}
      <SharedRolloutsNote runId={meta.id} rollouts={run.rollouts.length} shared={meta.shared} />

      <div className={styles.top}>
        <HeadlineCard headline={report.headline} metric={report.metrics[report.headline.metric]} />
        <div className={styles.rates}>
          <PassRateCard passRate={report.passRate} unscored={report.counts.unscored} />
          <MeanRewardCard meanReward={report.meanReward} unscored={report.counts.unscored} />
        </div>
      </div>

      <WhatIfPanel run={run} recorded={snapshot.recorded} report={report} paths={paths} saved={scenarios} />

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
            <MetricCard
              key={m.metric}
              metric={m}
              tally={Object.hasOwn(tallies, m.metric) ? tallies[m.metric] : undefined}
              taskHref={taskHref}
              highlighted={m.metric === report.headline.metric}
            />
          ))}
        </div>
        {explanation ? <SchemeExplanationNote explanation={explanation} /> : null}
        <HeadlineRobustnessTable robustness={robustness} />
      </section>

      <Levers levers={fragile} headline={report.headline} tasks={report.tasks} taskHref={taskHref} />

      <FormatNotes meta={meta} report={report} />

      <div className={`section ${showGroups ? styles.split : ""}`}>
        {showGroups ? <GroupBreakdown data={groups} /> : null}
        <RewardDistribution bins={bins} scored={report.counts.scored} unscored={report.counts.unscored} />
      </div>

      <CostAndEffort
        effort={report.effort}
        outliers={report.effortOutliers}
        rollouts={report.rollouts}
        rolloutHref={paths.rollout}
      />

      <div className={`section ${styles.split}`}>
        <MostFailedChecks
          checks={report.failures.checks}
          noneWords={noFailedCheckWords(failureOrigin(report))}
          taskHref={taskHref}
        />
        <FailureTags tags={report.failures.tags} />
      </div>

      {report.unscoredReasons.length > 0 ? (
        <div className="section">
          <UnscoredReasons reasons={report.unscoredReasons} reasonHref={unscoredHref} />
        </div>
      ) : null}

      <section className="section" aria-labelledby="tasks-title">
        <div className={styles.sectionHead}>
          <h2 id="tasks-title">Tasks</h2>
          <p>Click a column to sort. Dimension columns: each task’s value (mean over its rollouts).</p>
        </div>
        <DiagnosisCounts counts={report.diagnosis} active={parseTasksView(searchParams).diagnosis} />
        {flaky.length > 0 ? <FlakyTasks tasks={flaky} counted={counted} taskHref={taskHref} /> : null}
        <TasksTable
          tasks={report.tasks}
          dimensions={tableDimensions}
          strips={strips}
          counted={counted}
          taskHref={taskHref}
        />
      </section>
    </>
  );
}
