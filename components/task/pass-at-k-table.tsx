import { pct } from "@/lib/display/format";
import type { PassAtKPoint } from "@/lib/scoring/core/pass-at-k";
import styles from "./task-page.module.css";

/** The chart's numbers, exact, for reading and for screen readers; scrolls when n is large. */
export function PassAtKTable({ points }: { points: PassAtKPoint[] }) {
  return (
    <div className={styles.passTableWrap} tabIndex={0} role="region" aria-label="pass@k and pass^k values">
      <table className={`table ${styles.passTable}`}>
        <thead>
          <tr>
            <th className="num">k</th>
            <th className="num">pass@k</th>
            <th className="num">pass^k</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.k}>
              <td className="num">{p.k}</td>
              <td className="num">{pct(p.passAtK)}</td>
              <td className="num">{pct(p.passHatK)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
