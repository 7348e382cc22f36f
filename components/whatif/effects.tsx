"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { changeText, count, metricText, metricTitle } from "@/lib/display/format";
import { tone } from "./effect-tone";
import { metricKind, type MetricKind } from "@/lib/scoring/core/dimensions";
import type { CompletionFlip, ScenarioEffects, ValueEffect } from "@/lib/scoring/report/scenario-effects";
import { completionWords } from "./completion-words";
import type { SchemeComparisonRow } from "@/lib/scoring/view/scheme-comparison";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import { SchemeChart } from "./scheme-chart";
import styles from "./whatif.module.css";

const FLIPS_SHOWN = 8;

function Delta({ kind, effect }: { kind: MetricKind; effect: ValueEffect }) {
  const t = tone(effect.delta, effect.changed);
  if (!effect.changed)
    return (
      <span className={styles.same} aria-label="no change">
        —
      </span>
    );
  return <span className={styles[t]}>{effect.delta === null ? "now defined" : changeText(kind, effect.delta)}</span>;
}

interface FigureRow {
  id: string;
  name: string;
  kind: MetricKind;
  effect: ValueEffect;
  headline: boolean;
}

function figureRows(effects: ScenarioEffects): FigureRow[] {
  // A metric with no eligible task either way (no authority check in the run) has nothing to compare.
  const rows: FigureRow[] = effects.metrics
    .filter((m) => m.recorded !== null || m.scenario !== null)
    .map((m) => ({
      id: m.metric,
      name: metricTitle(m.metric),
      kind: m.kind,
      effect: m,
      headline: m.headline,
    }));
  rows.push({ id: "pass-rate", name: "Pass rate", kind: "completion", effect: effects.passRate, headline: false });
  rows.push({ id: "mean-reward", name: "Mean reward", kind: "reward", effect: effects.meanReward, headline: false });
  return rows;
}

function changeClass(change: CompletionFlip["change"]): string | undefined {
  if (change === "completes" || change === "up") return styles.up;
  if (change === "recounted") return styles.same;
  return styles.down;
}

function CompletionFlips({ flips, taskHref }: { flips: CompletionFlip[]; taskHref: (key: string) => string | null }) {
  const [all, setAll] = useState(false);
  const shown = all ? flips : flips.slice(0, FLIPS_SHOWN);
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>Tasks whose completion changes</h3>
      {flips.length === 0 ? (
        <p className={styles.quiet}>None: every task completes exactly as often as recorded.</p>
      ) : (
        <>
          <ul className={styles.flipList} data-testid="whatif-completion-flips">
            {shown.map((f) => {
              const href = taskHref(f.key);
              return (
                <li key={f.key}>
                  <span className={styles.flipTask}>{href ? <Link href={href}>{f.key}</Link> : f.key}</span>
                  <span className={`num ${styles.flipCounts}`}>
                    {f.before.passes}/{f.before.counted} → {f.after.passes}/{f.after.counted}
                  </span>
                  <span className={changeClass(f.change)}>{completionWords(f)}</span>
                </li>
              );
            })}
          </ul>
          {flips.length > FLIPS_SHOWN ? (
            <button type="button" className={`button button-small ${styles.more}`} onClick={() => setAll(!all)}>
              {all ? "Show fewer" : `Show all ${count(flips.length)}`}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** What the scenario does: the scenario in words, every figure recorded → what-if, completion flips, schemes chart. */
export function Effects({
  effects,
  description,
  comparison,
  taskHref,
}: {
  effects: ScenarioEffects;
  description: string[];
  comparison: SchemeComparisonRow[];
  taskHref: (key: string) => string | null;
}) {
  const headlineKind = metricKind(effects.headline.metric);
  return (
    <div className={styles.effects} aria-live="polite">
      <div className={styles.block}>
        <h3 className={styles.blockTitle}>Your scenario</h3>
        {description.length === 0 ? (
          <p className={styles.quiet}>
            The run as recorded. Change anything here and every figure on the page follows.
          </p>
        ) : (
          <ul className={styles.sentences} data-testid="whatif-description">
            {description.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        )}
        {effects.warnings.length > 0 ? (
          <ul className={`callout ${styles.warnings}`}>
            {effects.warnings.map((w, i) => (
              <li key={i}>{w.replace(/^Scenario: /, "")}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className={styles.block}>
        <h3 className={styles.blockTitle}>Every figure, as recorded → what-if</h3>
        {effects.headline.scheme !== effects.headline.recordedScheme ? (
          <p className={styles.quiet}>
            Recorded: {SCHEME_WORDS[effects.headline.recordedScheme]}; what-if: {SCHEME_WORDS[effects.headline.scheme]}.
            Pass rate and mean reward always give each rollout one vote.
          </p>
        ) : null}
        <table className={styles.figures}>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col" className="num">
                Recorded
              </th>
              <th scope="col" className="num">
                What-if
              </th>
              <th scope="col" className="num">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {figureRows(effects).map((row) => (
              <tr
                key={row.id}
                data-testid={`whatif-effect-${row.id}`}
                className={row.effect.changed ? styles.changedRow : undefined}
              >
                <th scope="row">
                  {row.name}
                  {row.headline ? <span className={`badge badge-accent ${styles.tag}`}>headline</span> : null}
                </th>
                <td className="num">{metricText(row.kind, row.effect.recorded)}</td>
                <td className={`num ${styles.strong}`}>{metricText(row.kind, row.effect.scenario)}</td>
                <td className="num">
                  <Delta kind={row.kind} effect={row.effect} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <CompletionFlips flips={effects.completionFlips} taskHref={taskHref} />

      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{metricTitle(effects.headline.metric)} under each scheme</h3>
        <p className={styles.quiet}>
          How much the headline depends on who gets a vote, as recorded and under your scenario; in bold, the one the
          headline uses.
        </p>
        <SchemeChart rows={comparison} kind={headlineKind} />
      </div>
    </div>
  );
}
