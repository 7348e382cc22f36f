import { pct } from "@/components/format";
import type { GroupChartData } from "@/lib/scoring/group-chart";
import { GroupChart } from "./group-chart";
import { metricTitle } from "./metric-format";
import styles from "./sections.module.css";

/** Per group, task-equal inside the group: a grouped bar chart and the same figures as a table. */
export function GroupBreakdown({ data }: { data: GroupChartData }) {
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="groups-title">
      <h2 id="groups-title" className={styles.panelTitle}>
        By group
      </h2>
      <p className={styles.panelNote}>Each task one vote inside its group.</p>
      <GroupChart data={data} />
      <div className={styles.tableWrap}>
        <table className={`table ${styles.compact}`}>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Tasks
              </th>
              {data.series.map((m) => (
                <th key={m} scope="col" className="num">
                  {metricTitle(m)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.group}>
                <th scope="row" className={styles.rowHead}>
                  {row.group}
                </th>
                <td className="num">{row.tasks}</td>
                {data.series.map((m) => (
                  <td key={m} className="num">
                    {row.values[m] === null ? <span className="muted">—</span> : pct(row.values[m])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
