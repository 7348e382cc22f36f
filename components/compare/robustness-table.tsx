import { deltaIntervalText, deltaText, metricText, metricTitle } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import type { Robustness } from "@/lib/scoring/report/robustness";
import { deltaAxisMax } from "@/lib/scoring/view/compare-chart";
import { DeltaInterval } from "./delta-interval";
import { SHORT } from "./dimension-table";
import styles from "./compare.module.css";

export const POLICY_WORDS = { exclude: "unscored excluded", fail: "unscored as failure" } as const;

/**
 * Does the conclusion survive? The headline difference of each candidate under every weighting scheme and
 * unscored policy (lib/scoring/report/robustness.ts), with the one-line answer above each table.
 */
export function RobustnessSection({
  robustness,
  aName,
  candidates,
}: {
  robustness: readonly Robustness[];
  aName: string;
  candidates: readonly { name: string; letter: string }[];
}) {
  return (
    <section className="section" aria-labelledby="robustness-title" data-testid="robustness">
      <h2 id="robustness-title">Does the conclusion survive?</h2>
      <p className="section-note">
        The headline difference under every weighting scheme
        {robustness.some((r) => r.unscoredMatters) ? " and unscored-rollout policy" : ""}, everything else as on this
        page. Against A ({aName}).
      </p>
      {robustness.map((r, i) => {
        const c = candidates[i];
        return c ? <RobustnessTable key={c.letter} robustness={r} name={c.name} letter={c.letter} /> : null;
      })}
    </section>
  );
}

function RobustnessTable({ robustness: r, name, letter }: { robustness: Robustness; name: string; letter: string }) {
  const kind = metricKind(r.metric);
  const entries = r.unscoredMatters ? r.entries : r.entries.filter((e) => e.unscored === activePolicy(r));
  const axis = deltaAxisMax(...entries.flatMap((e) => [e.delta, e.ci95?.[0], e.ci95?.[1]]));
  return (
    <div className={`card ${styles.stack}`} data-testid={`robustness-${letter}`}>
      <p className={styles.summary} data-testid="robustness-summary">
        <strong>
          {letter} vs A, {metricTitle(r.metric)}:
        </strong>{" "}
        {r.summary}
      </p>
      <div className={styles.scroll}>
        <table className={`table ${styles.compact}`}>
          <thead>
            <tr>
              <th scope="col">Scheme</th>
              {r.unscoredMatters ? <th scope="col">Unscored rollouts</th> : null}
              <th scope="col" className="num">
                A
              </th>
              <th scope="col" className="num">
                {letter} <span className={styles.colRun}>{name}</span>
              </th>
              <th scope="col" className="num">
                {letter} − A
              </th>
              <th scope="col" className="num">
                95% interval
              </th>
              <th scope="col">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const short = SHORT[e.verdict];
              return (
                <tr key={`${e.scheme}-${e.unscored}`} data-testid={`robustness-row-${e.scheme}-${e.unscored}`}>
                  <th scope="row" className={styles.rowHead}>
                    {SCHEME_WORDS[e.scheme]}
                    {e.active ? <span className="badge badge-accent">shown above</span> : null}
                  </th>
                  {r.unscoredMatters ? <td>{POLICY_WORDS[e.unscored]}</td> : null}
                  <td className="num">{metricText(kind, e.a)}</td>
                  <td className="num">{metricText(kind, e.b)}</td>
                  <td className={`num ${styles.strong}`}>{deltaText(kind, e.delta)}</td>
                  <td className={`num ${styles.ciCell}`}>
                    <span>{deltaIntervalText(kind, e.ci95)}</span>
                    <DeltaInterval
                      kind={kind}
                      delta={e.delta}
                      ci95={e.ci95}
                      verdict={e.verdict}
                      size="small"
                      max={axis}
                    />
                  </td>
                  <td>
                    <span className={short.className}>
                      <span aria-hidden>{short.mark}</span> {short.text}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The policy of the entry shown as the headline (the scenario's). */
const activePolicy = (r: Robustness) => r.entries.find((e) => e.active)?.unscored ?? "exclude";
