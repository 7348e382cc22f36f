"use client";

import { useMemo, useState } from "react";
import { useEscape } from "@/components/ui/use-escape";
import { ActiveScenarioCallout, InvalidScenarioCallout } from "@/components/whatif/scenario-callout";
import { useUrlState } from "@/components/url-state/use-url-state";
import { SavedScenarioPicker, SaveScenarioButton, type SavedScenarioItem } from "@/components/whatif/saved-scenarios";
import { scenarioCodec } from "@/components/whatif/scenario-url";
import { WeightsTab } from "@/components/whatif/weights-tab";
import { BudgetTab } from "@/components/whatif/budget-tab";
import type { CheckKeySummary } from "@/lib/scoring/view/check-keys";
import { RequiredEverywhere } from "@/components/whatif/rules-tab";
import type { BudgetReport } from "@/lib/scoring/scenario/budget";
import type { BudgetMeasure } from "@/lib/scoring/view/budget-distribution";
import type { GroupReport } from "@/lib/scoring/report/report-types";
import { unpackWeightTasks, type PackedWeightTasks } from "@/lib/scoring/view/weight-tasks";
import { SCHEMES, SCHEME_WORDS, type Scheme } from "@/lib/scoring/core/schemes";
import type { ScenarioIssue } from "@/lib/scoring/scenario/scenario";
import { isEmptyScenario, resetScenario, setScheme, setUnscored } from "@/lib/scoring/scenario/scenario-edit";
import { savedScenarioFor } from "@/lib/scoring/scenario/named-scenario";
import { CompareFlips } from "./compare-flips";
import { unpackTaskChecks, type PackedTaskChecks } from "@/lib/scoring/view/task-checks";
import styles from "./compare-scenario.module.css";

/**
 * The compare page's what-if controls: both runs are scored under the URL's `scenario` (the run page's shape;
 * a flip without a rollout applies to the task's rollouts in each run, a required rule or a budget limit to
 * every run's rollouts). Each change navigates, so the server
 * compares again; the page says which scenario it is under, by name when it is a saved one.
 */
type Drawer = "weights" | "required" | "budget" | "flips";

const DRAWERS: { id: Drawer; label: string }[] = [
  { id: "weights", label: "Weights…" },
  { id: "required", label: "Required…" },
  { id: "budget", label: "Budget…" },
  { id: "flips", label: "Flips…" },
];

export function CompareScenario({
  saved,
  issues,
  description,
  resetHref,
  tasks,
  groups,
  taskChecks,
  checkKeys,
  budgetMeasures,
  budget,
}: {
  saved: readonly SavedScenarioItem[];
  /** Why the URL's scenario could not be read (the runs are then compared as recorded); null when it could. */
  issues: ScenarioIssue[] | null;
  /** The scenario in plain language (describeScenario). */
  description: string[];
  /** The comparison as recorded. */
  resetHref: string;
  /** A's tasks under the scenario with their declared weights, and its groups, for the weights. */
  tasks: PackedWeightTasks;
  groups: readonly Pick<GroupReport, "group" | "tasks">[];
  /** The check keys of each task the runs have in common, for flips, packed against `tasks`' keys. */
  taskChecks: PackedTaskChecks;
  /** The check keys of every run compared, for run-wide required rules. */
  checkKeys: readonly CheckKeySummary[];
  /** The budget measures of every run's rollouts together, under the scenario's limits. */
  budgetMeasures: readonly BudgetMeasure[];
  /** What the scenario's budget does, summed over the runs; absent without a limit. */
  budget: BudgetReport | undefined;
}) {
  const url = useUrlState(scenarioCodec, { navigation: "router", mode: "push" });
  const scenario = url.view;
  const active = !isEmptyScenario(scenario);
  const named = savedScenarioFor(scenario, saved);
  const scheme: Scheme = scenario.headline?.scheme ?? "task";
  const [open, setOpen] = useState<Drawer | null>(null);
  const opener = useEscape(open !== null, () => setOpen(null));
  // Unpacked when the weights are first opened: the page holds them as columns until then.
  const weightTasks = useMemo(() => (open === "weights" ? unpackWeightTasks(tasks) : null), [open, tasks]);
  const flipTasks = useMemo(
    () => (open === "flips" ? unpackTaskChecks(taskChecks, tasks.keys) : null),
    [open, taskChecks, tasks],
  );

  return (
    <section className={`card ${styles.panel}`} aria-labelledby="compare-scenario-title" data-testid="compare-scenario">
      <div className={styles.row}>
        <h2 id="compare-scenario-title" className={styles.title}>
          Scored under
        </h2>
        <label className={styles.field}>
          <span>Weighting</span>
          <select
            value={scheme}
            onChange={(e) => url.update((s) => setScheme(s, e.target.value as Scheme))}
            data-testid="compare-scheme"
          >
            {SCHEMES.map((s) => (
              <option key={s} value={s}>
                {SCHEME_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Unscored rollouts</span>
          <select
            value={scenario.unscored ?? "exclude"}
            onChange={(e) => url.update((s) => setUnscored(s, e.target.value === "fail" ? "fail" : "exclude"))}
            data-testid="compare-unscored"
          >
            <option value="exclude">left out</option>
            <option value="fail">counted as failures</option>
          </select>
        </label>
        <SavedScenarioPicker saved={saved} current={scenario} onApply={(next) => url.update(() => next)} />
        {DRAWERS.map((d) => (
          <button
            key={d.id}
            type="button"
            className="button button-small"
            aria-expanded={open === d.id}
            ref={(el) => {
              if (el && d.id === open) opener.current = el;
            }}
            onClick={() => setOpen(open === d.id ? null : d.id)}
            data-testid={`compare-${d.id}-toggle`}
          >
            {d.label}
          </button>
        ))}
        {active ? (
          <>
            <SaveScenarioButton scenario={scenario} />
            <button
              type="button"
              className="button button-small"
              onClick={() => url.update(resetScenario)}
              data-testid="compare-scenario-reset"
            >
              Reset to recorded
            </button>
          </>
        ) : null}
        {url.pending ? (
          <span className={styles.pending} role="status">
            Comparing…
          </span>
        ) : null}
      </div>
      {issues ? <InvalidScenarioCallout issues={issues} resetHref={resetHref} /> : null}
      {!issues && active ? (
        <ActiveScenarioCallout
          description={description}
          resetHref={resetHref}
          name={named?.name ?? null}
          what="the comparison"
        />
      ) : null}
      {!active && !issues ? (
        <p className={styles.note} data-testid="compare-as-recorded">
          Both runs as recorded. A scenario here applies to both; a flip names a task and check and applies in each run.
        </p>
      ) : null}
      {open === "required" ? (
        <div data-testid="compare-required">
          <p className={styles.note}>The check keys of every run compared: a rule applies in each run.</p>
          <RequiredEverywhere keys={checkKeys} scenario={scenario} edit={url.update} />
        </div>
      ) : null}
      {open === "budget" ? (
        <div data-testid="compare-budget">
          <p className={styles.note}>The rollouts of every run compared, together: a limit applies in each run.</p>
          <BudgetTab measures={budgetMeasures} budget={budget} edit={url.update} />
        </div>
      ) : null}
      {flipTasks ? <CompareFlips tasks={flipTasks} scenario={scenario} edit={url.update} /> : null}
      {weightTasks ? (
        <WeightsTab
          tasks={weightTasks.tasks}
          groups={groups}
          declared={weightTasks.declared}
          scenario={scenario}
          scheme={scheme}
          edit={url.update}
        />
      ) : null}
    </section>
  );
}
