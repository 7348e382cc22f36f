"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { count, plural } from "@/lib/display/format";
import type { HistogramBin } from "@/lib/scoring/view/reward-histogram";
import styles from "./sections.module.css";

/** ".1–.2": short enough for ten bins side by side; the tooltip gives the full range. */
const edge = (x: number) => (x === 0 || x === 1 ? String(x) : x.toFixed(1).replace(/^0/, ""));
const binLabel = (b: HistogramBin) => `${edge(b.from)}–${edge(b.to)}`;

/** Scored rollouts by reward; draws the bins lib/scoring/reward-histogram prepared. */
export function RewardDistribution({
  bins,
  scored,
  unscored,
}: {
  bins: HistogramBin[];
  scored: number;
  unscored: number;
}) {
  const data = bins.map((b) => ({ ...b, label: binLabel(b) }));
  const fullRange = new Map(
    bins.map((b) => [binLabel(b), `${b.from.toFixed(1)} – ${b.to.toFixed(1)}${b.to >= 1 ? " (incl. 1)" : ""}`]),
  );
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="rewards-title">
      <h2 id="rewards-title" className={styles.panelTitle}>
        Reward distribution
      </h2>
      <p className={styles.panelNote}>
        {plural(scored, "scored rollout")} by reward
        {unscored > 0 ? `; ${count(unscored)} unscored not shown` : ""}.
      </p>
      {scored === 0 ? (
        <p className="muted">No scored rollout has a reward.</p>
      ) : (
        <div className={styles.grow}>
          <BarChart
            responsive
            style={{ width: "100%", height: "100%" }}
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
            barCategoryGap={2}
            accessibilityLayer
          >
            <CartesianGrid vertical={false} stroke="#ecece7" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={{ stroke: "#cfcfc8" }}
              tick={{ fontSize: 11, fill: "var(--text-2)" }}
              interval="preserveStartEnd"
              minTickGap={10}
            />
            {/* interval 0: every tick drawn, none measured (a measure mid-render forces a layout of the page). */}
            <YAxis
              allowDecimals={false}
              domain={[0, "dataMax"]}
              interval={0}
              tickFormatter={(v: number) => count(v)}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 11, fill: "var(--text-3)" }}
            />
            <Tooltip
              cursor={{ fill: "rgba(0,0,0,0.04)" }}
              formatter={(value) => [plural(Number(value), "rollout"), "reward"]}
              labelFormatter={(l) => {
                const bin = typeof l === "string" || typeof l === "number" ? String(l) : "";
                return `reward ${fullRange.get(bin) ?? bin}`;
              }}
            />
            <Bar dataKey="count" fill="#3b5bdb" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </div>
      )}
    </section>
  );
}
