"use client";

import { useRef } from "react";
import { count, duration, num, plural } from "@/lib/display/format";
import type { BudgetKey } from "@/lib/scoring/scenario/budget";
import { setBudgetLimit } from "@/lib/scoring/scenario/scenario-edit";
import type { BudgetMeasure } from "@/lib/scoring/view/budget-distribution";
import { BudgetStrip } from "./budget-strip";
import { NumberField } from "./number-field";
import type { WriteMode } from "@/components/url-state/use-url-state";
import type { Edit } from "./whatif-types";
import styles from "./whatif.module.css";

/**
 * How each measure reads and is typed: `unit` divides the stored value for the number field (time is typed in
 * seconds and stored in milliseconds).
 */
const MEASURES: Record<
  BudgetKey,
  { title: string; field: string; unit: number; text: (v: number) => string; limitText: (v: number) => string }
> = {
  costUsd: { title: "Cost", field: "USD", unit: 1, text: (v) => `$${num(v, 4)}`, limitText: (v) => `$${num(v, 4)}` },
  durationMs: {
    title: "Time",
    field: "seconds",
    unit: 1000,
    text: (v) => duration(Math.round(v)),
    limitText: (v) => duration(Math.round(v)),
  },
  tokens: {
    title: "Tokens (input + output)",
    field: "tokens",
    unit: 1,
    text: count,
    limitText: (v) => plural(v, "token"),
  },
  toolCalls: {
    title: "Tool calls",
    field: "calls",
    unit: 1,
    text: count,
    limitText: (v) => `${count(v)} ${v === 1 ? "tool call" : "tool calls"}`,
  },
};

/** A typed figure in stored units; whole milliseconds, so "1.1" seconds is 1100, not 1100.0000000000002. */
const fromField = (value: number, unit: number) => (unit === 1 ? value : Math.round(value * unit));

function MeasureRow({ measure, edit }: { measure: BudgetMeasure; edit: Edit }) {
  const { key, limit, step } = measure;
  const words = MEASURES[key];
  // A slider drag is one history entry: its first move pushes, later moves replace it.
  const sliding = useRef(false);
  const sliderMax = Math.ceil(measure.max / step) * step;
  const setLimit = (value: number | null, mode: WriteMode) => edit((s) => setBudgetLimit(s, key, value), mode);
  const endSlide = () => {
    sliding.current = false;
  };
  return (
    <div
      className={`${styles.budgetRow} ${limit !== null ? styles.checkChanged : ""}`}
      data-testid="whatif-budget-measure"
      data-measure={key}
    >
      <div className={styles.budgetHead}>
        <h3 className={styles.blockTitle}>{words.title}</h3>
        <span className={styles.count}>
          {measure.recorded === measure.scored
            ? `recorded for every scored rollout (${count(measure.scored)})`
            : `recorded for ${count(measure.recorded)} of ${plural(measure.scored, "scored rollout")}`}
          {" · "}
          <span className={styles.nowrap}>
            {measure.min === measure.max
              ? words.text(measure.min)
              : `${words.text(measure.min)} – ${words.text(measure.max)}`}
          </span>
        </span>
      </div>
      <BudgetStrip measure={measure} label={words.title} text={words.text} />
      <div className={styles.budgetControls}>
        <input
          type="range"
          className={styles.budgetSlider}
          min={0}
          max={sliderMax}
          step={step}
          value={limit ?? sliderMax}
          aria-label={`${words.title} limit`}
          data-testid={`whatif-budget-slider-${key}`}
          onChange={(e) => {
            setLimit(Number(e.target.value), sliding.current ? "replace" : "push");
            sliding.current = true;
          }}
          onPointerUp={endSlide}
          onKeyUp={endSlide}
          onBlur={endSlide}
        />
        <span className={styles.budgetField}>
          <NumberField
            className={styles.weightInput}
            value={limit === null ? null : limit / words.unit}
            placeholder="no limit"
            label={`${words.title} limit in ${words.field}`}
            onCommit={(v, mode) => setLimit(v === null ? null : fromField(v, words.unit), mode)}
            testId={`whatif-budget-limit-${key}`}
          />
          <span className={styles.budgetUnit}>{words.field}</span>
          {limit !== null ? (
            <button type="button" className="button button-small" onClick={() => setLimit(null, "push")}>
              No limit
            </button>
          ) : null}
        </span>
      </div>
      <p className={styles.count} data-testid={`whatif-budget-counts-${key}`}>
        {limit === null
          ? "No limit."
          : `${plural(measure.over, "rollout")} over ${words.limitText(limit)}` +
            (measure.unknown > 0 ? ` · ${count(measure.unknown)} unknown (not recorded)` : "")}
      </p>
    </div>
  );
}

/**
 * The execution budget: per measure the run records, its distribution over scored rollouts beside a limit.
 * A scored rollout over any limit fails; its reward and dimension values stay as they are.
 */
export function BudgetTab({
  measures,
  budget,
  edit,
}: {
  /** budgetDistribution of the rollouts the budget judges, under the scenario's limits. */
  measures: readonly BudgetMeasure[];
  /** The scenario report's budget figures (absent without a limit). */
  budget: { failed: number; over: number; unknown: number } | undefined;
  edit: Edit;
}) {
  if (measures.length === 0) {
    return (
      <div className={styles.tabBody}>
        <p className={styles.quiet} data-testid="whatif-budget-none">
          No rollout records cost, time, tokens or tool calls.
        </p>
      </div>
    );
  }
  return (
    <div className={styles.tabBody}>
      <p className={styles.help}>
        Set what a rollout may spend. A scored rollout over any limit fails (completion and pass rate drop); its reward
        and dimension scores stay as they are. A rollout that does not record a limited measure is left alone.
      </p>
      {budget ? (
        <p className={`callout callout-info ${styles.hint}`} role="status" data-testid="whatif-budget-summary">
          The budget fails {plural(budget.failed, "rollout")} that passed
          {budget.over > budget.failed ? ` (${budget.over} over it in all)` : ""}
          {budget.unknown > 0 ? `; ${plural(budget.unknown, "rollout")} cannot be judged (not recorded)` : ""}.
        </p>
      ) : null}
      {measures.map((m) => (
        <MeasureRow key={m.key} measure={m} edit={edit} />
      ))}
    </div>
  );
}
