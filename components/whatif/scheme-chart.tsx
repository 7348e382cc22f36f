"use client";

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { MetricKind } from "@/lib/scoring/core/dimensions";
import type { SchemeComparisonRow } from "@/lib/scoring/view/scheme-comparison";
import { metricText } from "@/lib/display/format";

const RECORDED = "#c5c5bd";
const SCENARIO = "#3b5bdb";

/** The headline metric under each weighting scheme, as recorded beside the scenario; draws schemeComparison rows. */
export function SchemeChart({ rows, kind }: { rows: SchemeComparisonRow[]; kind: MetricKind }) {
  const top = kind === "reward" ? rows.reduce((top, r) => Math.max(top, r.recorded ?? 0, r.scenario ?? 0), 1) : 1;
  const text = (v: unknown) => (typeof v === "number" ? metricText(kind, v) : "not eligible");
  return (
    <BarChart
      responsive
      style={{ width: "100%", height: 220 }}
      data={rows}
      margin={{ top: 8, right: 4, bottom: 0, left: -14 }}
      barCategoryGap="24%"
      barGap={2}
      accessibilityLayer
    >
      <CartesianGrid vertical={false} stroke="#ecece7" />
      <XAxis
        dataKey="label"
        tickLine={false}
        axisLine={{ stroke: "#cfcfc8" }}
        interval={0}
        tick={(props: { x?: number | string; y?: number | string; payload?: { value?: unknown; index?: number } }) => {
          const row = rows[props.payload?.index ?? -1];
          const value = props.payload?.value;
          const label = (typeof value === "string" || typeof value === "number" ? String(value) : "")
            .replace(/ one vote$/, "")
            .replace(/^declared /, "");
          return (
            <text
              x={Number(props.x ?? 0)}
              y={Number(props.y ?? 0) + 12}
              textAnchor="middle"
              fontSize={11}
              fill={row?.active ? "var(--text)" : "var(--text-2)"}
              fontWeight={row?.active ? 700 : 400}
            >
              {label}
            </text>
          );
        }}
      />
      <YAxis
        domain={[0, top]}
        tickCount={5}
        tickFormatter={(v: number) => (kind === "reward" ? String(v) : `${Math.round(v * 100)}%`)}
        tickLine={false}
        axisLine={false}
        tick={{ fontSize: 11, fill: "var(--text-3)" }}
      />
      <Tooltip cursor={{ fill: "rgba(0,0,0,0.04)" }} formatter={(value, name) => [text(value), String(name)]} />
      <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: 12 }} />
      <Bar
        name="As recorded"
        dataKey="recorded"
        fill={RECORDED}
        radius={[3, 3, 0, 0]}
        maxBarSize={26}
        isAnimationActive={false}
      />
      <Bar
        name="What-if"
        dataKey="scenario"
        fill={SCENARIO}
        radius={[3, 3, 0, 0]}
        maxBarSize={26}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
