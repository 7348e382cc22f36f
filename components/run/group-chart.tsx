"use client";

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { metricTitle, pct } from "@/lib/display/format";
import { metricColour } from "./metric-colour";
import type { GroupChartData } from "@/lib/scoring/view/group-chart";

/** Groups × dimensions as grouped bars; draws what lib/scoring/group-chart prepared. */
export function GroupChart({ data }: { data: GroupChartData }) {
  return (
    <BarChart
      responsive
      style={{ width: "100%", height: 260 }}
      data={data.rows}
      margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
      barCategoryGap="22%"
      accessibilityLayer
    >
      <CartesianGrid vertical={false} stroke="#ecece7" />
      <XAxis
        dataKey="group"
        tickLine={false}
        axisLine={{ stroke: "#cfcfc8" }}
        tick={{ fontSize: 12, fill: "var(--text-2)" }}
        interval={0}
      />
      <YAxis
        domain={[0, 1]}
        ticks={[0, 0.25, 0.5, 0.75, 1]}
        interval={0}
        tickFormatter={(v: number) => pct(v, 0)}
        tickLine={false}
        axisLine={false}
        tick={{ fontSize: 11, fill: "var(--text-3)" }}
      />
      <Tooltip
        cursor={{ fill: "rgba(0,0,0,0.04)" }}
        formatter={(value, name) => [typeof value === "number" ? pct(value) : "not eligible", String(name)]}
      />
      <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {data.series.map((m) => (
        <Bar
          key={m}
          name={metricTitle(m)}
          dataKey={(row: GroupChartData["rows"][number]) => row.values[m] ?? null}
          fill={metricColour(m)}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          minPointSize={(value) => (value === 0 ? 2 : 0)}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
