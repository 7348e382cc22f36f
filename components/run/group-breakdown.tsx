"use client";

import { useState } from "react";
import { count, metricTitle, pct, plural } from "@/lib/display/format";
import type { GroupChartData } from "@/lib/scoring/view/group-chart";
import { GroupChart } from "./group-chart";
import styles from "./sections.module.css";

/** Groups drawn at first: more bars than this do not fit the chart's width, and a run may have a group per task. */
const GROUPS_SHOWN = 12;
const CHART_GROUPS = 2 * GROUPS_SHOWN;

/** Per group, task-equal inside the group: a grouped bar chart and the same figures as a table. */
export function GroupBreakdown({ data }: { data: GroupChartData }) {
  const [all, setAll] = useState(false);
  const rows = all ? data.rows : data.rows.slice(0, GROUPS_SHOWN);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="groups-title">
      <h2 id="groups-title" className={styles.panelTitle}>
        By group
      </h2>
      <p className={styles.panelNote}>
        Each task one vote inside its group.
        {rows.length < data.rows.length
          ? ` The first ${count(rows.length)} of ${plural(data.rows.length, "group")}.`
          : ""}
        {rows.length > CHART_GROUPS ? ` The chart draws the first ${CHART_GROUPS}.` : ""}
      </p>
      <GroupChart data={{ series: data.series, rows: rows.slice(0, CHART_GROUPS) }} />
      <div className={styles.tableWrap} role="region" aria-label="By group, as a table" tabIndex={0}>
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
            {rows.map((row) => (
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
      {data.rows.length > GROUPS_SHOWN ? (
        <button type="button" className={`button button-small ${styles.more}`} onClick={() => setAll(!all)}>
          {all ? `Show the first ${GROUPS_SHOWN}` : `Show all ${count(data.rows.length)} groups`}
        </button>
      ) : null}
    </section>
  );
}
