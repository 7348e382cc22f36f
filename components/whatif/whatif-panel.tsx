"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import type { PageReport } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { isEmptyScenario, resetScenario, setMetric, setScheme } from "@/lib/scoring/scenario/scenario-edit";
import { movedFigures, scenarioEffects } from "@/lib/scoring/report/scenario-effects";
import { budgetDistribution } from "@/lib/scoring/view/budget-distribution";
import { schemeComparison } from "@/lib/scoring/view/scheme-comparison";
import type { Scheme } from "@/lib/scoring/core/schemes";
import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import { runOfColumns, tasksOf } from "@/lib/scoring/columns/run-of-columns";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { BudgetTab } from "./budget-tab";
import { CopyLinkButton } from "./copy-link-button";
import { Effects } from "./effects";
import { HeadlineControls } from "./headline-controls";
import { RulesTab } from "./rules-tab";
import { SavedScenarioPicker, SaveScenarioButton, type SavedScenarioItem } from "./saved-scenarios";
import { useUrlState } from "@/components/url-state/use-url-state";
import { scenarioCodec } from "./scenario-url";
import { VerdictsTab } from "./verdicts-tab";
import { WeightsTab } from "./weights-tab";
import type { Edit, RunPaths } from "./whatif-types";
import styles from "./whatif.module.css";

type Tab = "verdicts" | "weights" | "rules" | "budget";
const TABS: { id: Tab; label: string }[] = [
  { id: "verdicts", label: "Flip verdicts" },
  { id: "weights", label: "Weights" },
  { id: "rules", label: "Rules" },
  { id: "budget", label: "Budget" },
];

/**
 * The what-if explorer on the run page. `report` is RunView's report under the URL's scenario; this panel only
 * edits the URL (no server round trip) and reads the recorded report beside it. Controls show the scenario
 * just written at once, while the page's report catches up in a transition.
 */
export function WhatIfPanel({
  columns,
  recorded,
  report,
  paths,
  saved,
}: {
  /** The run's columns; its rollouts as objects are made only for the tabs that list checks or measures. */
  columns: RunColumns;
  /** The run's as-recorded report (its snapshot's). */
  recorded: PageReport;
  report: PageReport;
  paths: RunPaths;
  /** The saved scenarios, to pick one or save this one. */
  saved: readonly SavedScenarioItem[];
}) {
  const url = useUrlState(scenarioCodec, { mode: "push" });
  const scenario: Scenario = url.view;
  const active = !isEmptyScenario(scenario);
  // The open tab lives in the URL (`whatif=`), so a shared link opens the panel where it was made. A run
  // without checks has nothing to flip: it opens on the rules.
  const hasChecks = columns.checkCode.length > 0;
  // A 100,000-rollout run as objects is ~1.3 million of them: made the first time a tab needs them, then kept.
  const objects = useMemo(() => {
    let run: ScoringRun | null = null;
    return () => (run ??= runOfColumns(columns));
  }, [columns]);
  const defaultTab: Tab = hasChecks ? "verdicts" : "rules";
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const asked = searchParams.get("whatif");
  const named = TABS.some((t) => t.id === asked);
  const [open, setOpen] = useState(active || named);
  const tab: Tab = named ? (asked as Tab) : defaultTab;
  const setTab = useCallback(
    (next: Tab) => {
      const params = new URLSearchParams(window.location.search);
      if (next === defaultTab) params.delete("whatif");
      else params.set("whatif", next);
      const query = params.toString();
      router.replace(`${pathname}${query ? `?${query}` : ""}`, { scroll: false });
    },
    [defaultTab, pathname, router],
  );

  const effects = useMemo(() => scenarioEffects(recorded, report), [recorded, report]);
  const moved = useMemo(() => movedFigures(effects), [effects]);
  const headlineMetric = report.headline.metric;
  const comparison = useMemo(
    () => schemeComparison(recorded.metrics[headlineMetric], report.metrics[headlineMetric]),
    [recorded, report, headlineMetric],
  );
  const declared = useMemo(() => new Map(tasksOf(columns).map((t) => [t.key, t.weight])), [columns]);
  const budgetMeasures = useMemo(
    () => (open && tab === "budget" ? budgetDistribution(objects().rollouts, scenario.budget) : []),
    [open, tab, objects, scenario.budget],
  );

  const { update, hrefFor } = url;
  const edit: Edit = update;
  const taskHref = useCallback(
    (key: string) => {
      const path = paths.task(key);
      return path ? hrefFor(path) : null;
    },
    [paths, hrefFor],
  );
  const rolloutHref = useCallback(
    (id: string) => {
      const path = paths.rollout(id);
      return path ? hrefFor(path) : null;
    },
    [paths, hrefFor],
  );

  const scheme: Scheme = scenario.headline?.scheme ?? "task";

  return (
    <section className={`section ${styles.panel}`} aria-labelledby="whatif-title" data-testid="whatif-panel">
      <div className={styles.head}>
        <div className={styles.intro}>
          <h2 id="whatif-title" className={styles.title}>
            <span className={styles.titleMark} aria-hidden>
              ⇄
            </span>
            What if…?
          </h2>
          <p>
            Change who gets a vote, flip a verdict, make a check optional: every figure on this page follows at once.
            Stored data never changes, and the link keeps your scenario.
          </p>
        </div>
        <div className={styles.actions}>
          <SavedScenarioPicker saved={saved} current={scenario} onApply={(next) => update(() => next)} />
          {active ? (
            <>
              <SaveScenarioButton scenario={scenario} />
              <CopyLinkButton />
              <button
                type="button"
                className="button button-small"
                onClick={() => update(resetScenario)}
                data-testid="whatif-reset"
              >
                Reset to recorded
              </button>
            </>
          ) : null}
          <button
            type="button"
            className={`button button-small ${open ? "" : "button-primary"}`}
            aria-expanded={open}
            aria-controls="whatif-body"
            onClick={() => setOpen(!open)}
            data-testid="whatif-toggle"
          >
            {open ? "Hide controls" : "Explore what-ifs"}
          </button>
        </div>
      </div>

      <HeadlineControls
        metrics={Object.keys(report.metrics)}
        metric={scenario.headline?.metric ?? recorded.headline.metric}
        scheme={scheme}
        headline={effects.headline}
        moved={moved}
        active={active}
        onMetric={(m) => update((s) => setMetric(s, m, recorded.headline.metric))}
        onScheme={(next) => update((s) => setScheme(s, next))}
      />

      {open ? (
        <div id="whatif-body" className={styles.body}>
          <div className={styles.controls}>
            <div
              className={styles.tabs}
              role="tablist"
              aria-label="What to change"
              onKeyDown={(e) => {
                const i = TABS.findIndex((t) => t.id === tab);
                const step: Record<string, number> = {
                  ArrowRight: i + 1,
                  ArrowLeft: i + TABS.length - 1,
                  Home: 0,
                  End: TABS.length - 1,
                };
                if (!(e.key in step)) return;
                e.preventDefault();
                const next = TABS[step[e.key]! % TABS.length];
                if (!next) return;
                setTab(next.id);
                document.getElementById(`whatif-tab-${next.id}`)?.focus();
              }}
            >
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`whatif-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  tabIndex={tab === t.id ? 0 : -1}
                  aria-controls="whatif-tabpanel"
                  className={`${styles.tab} ${tab === t.id ? styles.tabActive : ""}`}
                  onClick={() => setTab(t.id)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div id="whatif-tabpanel" role="tabpanel" aria-labelledby={`whatif-tab-${tab}`}>
              {tab === "verdicts" ? (
                <VerdictsTab
                  run={objects()}
                  scenario={scenario}
                  edit={edit}
                  taskHref={taskHref}
                  rolloutHref={rolloutHref}
                />
              ) : null}
              {tab === "weights" ? (
                <WeightsTab
                  tasks={report.tasks}
                  groups={report.groups}
                  declared={declared}
                  scenario={scenario}
                  scheme={scheme}
                  edit={edit}
                />
              ) : null}
              {tab === "rules" ? (
                <RulesTab run={objects()} scenario={scenario} unscored={report.counts.unscored} edit={edit} />
              ) : null}
              {tab === "budget" ? <BudgetTab measures={budgetMeasures} budget={report.budget} edit={edit} /> : null}
            </div>
          </div>
          <Effects
            effects={effects}
            description={report.scenarioDescription}
            comparison={comparison}
            taskHref={taskHref}
          />
        </div>
      ) : active ? (
        <p className={styles.collapsedSummary}>
          <strong>Your scenario:</strong> {report.scenarioDescription.join("; ")}.
        </p>
      ) : null}
    </section>
  );
}
