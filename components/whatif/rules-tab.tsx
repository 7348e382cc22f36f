"use client";

import { useMemo, useState } from "react";
import { count, fixed, metricTitle, num, plural } from "@/lib/display/format";
import { thresholdWords } from "@/lib/display/pass-words";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import {
  setComponentWeight,
  setPassThreshold,
  setRegraded,
  setRequired,
  setUnscored,
} from "@/lib/scoring/scenario/scenario-edit";
import { componentWeights, type ComponentWeights } from "@/lib/scoring/report/scenario-effects";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { checkKeys, type CheckKeySummary } from "@/lib/scoring/view/check-keys";
import { queryTerms } from "./check-rows";
import { NumberField } from "./number-field";
import type { Edit } from "./whatif-types";
import styles from "./whatif.module.css";

const KEYS_SHOWN = 40;

type RequiredChoice = "recorded" | "required" | "optional";

/** The scenario's run-wide rule for a check key: the last entry naming it without a task. */
function everywhere(scenario: Scenario, key: string): RequiredChoice {
  let out: RequiredChoice = "recorded";
  for (const r of scenario.required ?? [])
    if (r.task === undefined && r.check === key) out = r.required ? "required" : "optional";
  return out;
}

/**
 * Run-wide required rules, one row per check key (checkKeys): the run page passes its run's keys, the compare
 * page those of every run compared, since a rule naming a key applies in each run.
 */
export function RequiredEverywhere({
  keys,
  scenario,
  edit,
}: {
  keys: readonly CheckKeySummary[];
  scenario: Scenario;
  edit: Edit;
}) {
  const [query, setQuery] = useState("");
  const terms = queryTerms(query);
  const matching =
    terms.length === 0
      ? keys
      : keys.filter((k) => terms.every((t) => `${k.key} ${k.label} ${k.dimension}`.toLowerCase().includes(t)));
  const shown = matching.slice(0, KEYS_SHOWN);
  return (
    <div className={styles.subsection}>
      <h3 className={styles.blockTitle}>Required or optional, in every task</h3>
      <p className={styles.help}>
        A rollout passes when every required check passes. Make a check optional everywhere (or required) — per task,
        use the chip in Verdicts.
      </p>
      {keys.length > 10 ? (
        <div className={styles.filters}>
          <input
            type="search"
            className={styles.search}
            placeholder="Filter checks"
            aria-label="Filter check keys"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <span className={styles.count}>{plural(matching.length, "check key")}</span>
        </div>
      ) : null}
      <table className={styles.rulesTable}>
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">As recorded</th>
            <th scope="col">In this scenario</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((k) => {
            const choice = everywhere(scenario, k.key);
            const recorded = k.required === k.rollouts ? true : k.required === 0 ? false : null;
            return (
              <tr key={k.key} className={choice !== "recorded" ? styles.changedRow : undefined}>
                <th scope="row">
                  <span className="mono">{k.key}</span>{" "}
                  <span className={styles.checkMeta}>
                    {k.labels > 1
                      ? `${k.labels} different checks use this key · `
                      : k.label === k.key
                        ? ""
                        : `${k.label.startsWith(`${k.key} `) ? k.label.slice(k.key.length + 1) : k.label} · `}
                    {metricTitle(k.dimension)}
                  </span>
                </th>
                <td className={styles.nowrap}>
                  {recorded === true
                    ? "required"
                    : recorded === false
                      ? "optional"
                      : `required in ${k.required} of ${k.rollouts}`}
                </td>
                <td>
                  <select
                    aria-label={`${k.key} in every task`}
                    value={choice}
                    onChange={(e) => {
                      const v = e.target.value as RequiredChoice;
                      edit((s) =>
                        setRequired(s, { check: k.key }, v === "recorded" ? null : v === "required", recorded),
                      );
                    }}
                  >
                    <option value="recorded">as recorded</option>
                    <option value="required">required</option>
                    <option value="optional">optional</option>
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {matching.length > shown.length ? (
        <p className={styles.quiet}>{matching.length - shown.length} more: filter to find one.</p>
      ) : null}
    </div>
  );
}

function ComponentWeightsEditor({ run, scenario, edit }: { run: ScoringRun; scenario: Scenario; edit: Edit }) {
  const summary = useMemo(() => componentWeights(run, scenario), [run, scenario]);
  if (!summary) return null;
  return (
    <div className={styles.subsection}>
      <h3 className={styles.blockTitle}>Grade component weights</h3>
      <p className={styles.help}>
        A grade is Σ subscore × weight − penalties. Reweigh a component across every graded rollout:
      </p>
      <div className={styles.rowList}>
        {summary.components.map((c) => {
          const edited = c.weight !== c.declared;
          return (
            <div key={c.key} className={`${styles.weightRow} ${edited ? styles.checkChanged : ""}`}>
              <span className={styles.weightName}>
                <span className={`mono ${styles.weightKey}`}>{c.key}</span>
                <span className={styles.checkMeta}>{plural(c.rollouts, "rollout")}</span>
              </span>
              <span className={`num ${styles.declared}`}>
                {c.varies ? "recorded: varies" : `recorded ${num(c.declared)}`}
              </span>
              <NumberField
                className={styles.weightInput}
                value={edited ? c.weight : null}
                placeholder={c.varies ? "varies" : num(c.declared)}
                label={`Weight of component ${c.key}`}
                step={0.05}
                onCommit={(v, mode) => edit((s) => setComponentWeight(s, c.key, v, c.declared), mode)}
              />
            </div>
          );
        })}
      </div>
      <ComponentSums summary={summary} />
    </div>
  );
}

function ComponentSums({ summary }: { summary: ComponentWeights }) {
  if (!summary.off) return <p className={styles.quiet}>Every graded rollout’s weights sum to 1.00.</p>;
  const shown = summary.offRollouts.slice(0, 3);
  return (
    <div className={`callout ${styles.hint}`} role="status">
      {summary.sharedSet ? (
        <>Weights sum to {fixed(summary.sum, 2)}, not 1.00.</>
      ) : (
        <>
          In {count(summary.offRollouts.length)} of {plural(summary.rollouts, "graded rollout")} the weights do not sum
          to 1.00:{" "}
          {shown.map((o, i) => (
            <span key={o.rollout}>
              {i > 0 ? "; " : ""}
              <span className="mono">{o.rollout}</span> sums to {fixed(o.sum, 2)}
            </span>
          ))}
          {summary.offRollouts.length > shown.length ? `; and ${summary.offRollouts.length - shown.length} more` : ""}.
        </>
      )}
    </div>
  );
}

/**
 * Run-wide rules: required everywhere, the unscored policy, BenchFlow's regraded rewards, the pass threshold,
 * grade component weights.
 */
export function RulesTab({
  run,
  scenario,
  unscored,
  edit,
}: {
  run: ScoringRun;
  scenario: Scenario;
  unscored: number;
  edit: Edit;
}) {
  const rewardRules = run.rollouts.filter((r) => r.rule !== "checks").length;
  const policy = scenario.unscored ?? "exclude";
  const regraded = (run.regrades ?? []).filter((g) => g.newReward !== null).length;
  const keys = useMemo(() => checkKeys(run), [run]);
  return (
    <div className={styles.tabBody}>
      <div className={styles.subsection}>
        <h3 className={styles.blockTitle}>Unscored rollouts</h3>
        <p className={styles.help}>
          {unscored === 0
            ? "Every rollout of this run was scored, so this changes nothing here."
            : `${plural(unscored, "rollout")} never got a verdict (verifier error, crash).`}
        </p>
        <div className={styles.radios} role="radiogroup" aria-label="Unscored rollouts">
          <label>
            <input
              type="radio"
              name="whatif-unscored"
              checked={policy === "exclude"}
              onChange={() => edit((s) => setUnscored(s, "exclude"))}
            />
            Leave out of every mean <span className="muted">(default)</span>
          </label>
          <label>
            <input
              type="radio"
              name="whatif-unscored"
              checked={policy === "fail"}
              onChange={() => edit((s) => setUnscored(s, "fail"))}
              data-testid="whatif-unscored-fail"
            />
            Count as failures (0) <span className="muted">(Harbor’s default)</span>
          </label>
        </div>
      </div>

      {regraded > 0 ? (
        <div className={styles.subsection}>
          <h3 className={styles.blockTitle}>BenchFlow regrades</h3>
          <p className={styles.help}>
            {plural(regraded, "rollout was", "rollouts were")} regraded after the run; the figures use the recorded
            rewards unless you apply the regrade.
          </p>
          <label>
            <input
              type="checkbox"
              checked={scenario.regraded === true}
              onChange={(e) => {
                const on = e.target.checked;
                edit((s) => setRegraded(s, on));
              }}
              data-testid="whatif-regraded"
            />{" "}
            Score regraded rollouts with their regraded rewards
          </label>
        </div>
      ) : null}

      {rewardRules > 0 ? (
        <div className={styles.subsection}>
          <h3 className={styles.blockTitle}>Pass threshold</h3>
          <p className={styles.help}>{thresholdWords(rewardRules, run.passThreshold)}</p>
          <NumberField
            className={styles.weightInput}
            value={scenario.passThreshold ?? null}
            placeholder={num(run.passThreshold)}
            label="Pass threshold"
            step={0.05}
            onCommit={(v, mode) => edit((s) => setPassThreshold(s, v, run.passThreshold), mode)}
            testId="whatif-threshold"
          />
        </div>
      ) : null}

      <ComponentWeightsEditor run={run} scenario={scenario} edit={edit} />
      <RequiredEverywhere keys={keys} scenario={scenario} edit={edit} />
    </div>
  );
}
