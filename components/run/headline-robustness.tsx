import { intervalText, metricText, metricTitle } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import type { HeadlineRobustness } from "@/lib/scoring/report/robustness";
import { UNSCORED_POLICIES } from "@/lib/scoring/report/robustness";
import styles from "./sections.module.css";

const POLICY_WORDS = { exclude: "Unscored excluded", fail: "Unscored as failure" } as const;

/**
 * The headline value with its 95% interval under each weighting scheme and, when some rollout is unscored,
 * each unscored policy: how much the number depends on who gets a vote and on what an unscored rollout counts as.
 */
export function HeadlineRobustnessTable({ robustness: r }: { robustness: HeadlineRobustness }) {
  const kind = metricKind(r.metric);
  const active = r.entries.find((e) => e.active)?.unscored ?? "exclude";
  const policies = r.unscoredMatters ? UNSCORED_POLICIES : [active];
  const at = (scheme: string, policy: string) => r.entries.find((e) => e.scheme === scheme && e.unscored === policy);
  return (
    <div
      className={styles.tableWrap}
      data-testid="headline-robustness"
      role="region"
      aria-labelledby="headline-robustness-title"
      tabIndex={0}
    >
      <h3 id="headline-robustness-title" className={styles.panelTitle}>
        The headline under each scheme{r.unscoredMatters ? " and unscored policy" : ""}
      </h3>
      <table className={`table ${styles.compact}`} aria-labelledby="headline-robustness-title">
        <thead>
          <tr>
            <th scope="col">{metricTitle(r.metric)}, 95% interval</th>
            {policies.map((p) => (
              <th key={p} scope="col" className="num">
                {r.unscoredMatters ? POLICY_WORDS[p] : "Value"}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.schemes.map((scheme) => (
            <tr key={scheme}>
              <th scope="row" className={styles.rowHead}>
                {SCHEME_WORDS[scheme]}
              </th>
              {policies.map((p) => {
                const e = at(scheme, p);
                return (
                  <td key={p} className="num" data-testid={`headline-robustness-${scheme}-${p}`}>
                    <strong>{metricText(kind, e?.value)}</strong>{" "}
                    <span className="muted">{e?.ci95 ? intervalText(kind, e.ci95) : "no interval"}</span>
                    {e?.active ? <span className="badge badge-accent">shown</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
