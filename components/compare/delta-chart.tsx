"use client";

import { Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { DeltaBar, DeltaChartData } from "@/lib/scoring/view/compare-chart";
import type { MetricKind } from "@/lib/scoring/core/dimensions";
import { deltaText, deltaTick, metricText } from "@/lib/display/format";

const UP = "#1f8a4c";
const DOWN = "#c92a2a";
const AXIS = { fontSize: 11, fill: "var(--text-3)" };
/** Up to this many bars: one labelled row per task; beyond it, unlabelled columns with a tooltip. */
const LABELLED = 40;

function Legend({ children }: { children: string }) {
  return <p style={{ margin: "4px 0 0", fontSize: 12.5, color: "var(--text-3)" }}>{children}</p>;
}

/** Per-task differences (B − A) as sorted bars, gains in green and losses in red; draws what prepareDeltaChart made. */
export function DeltaChart({ data, kind, bLetter }: { data: DeltaChartData; kind: MetricKind; bLetter: string }) {
  const tick = (v: number) => deltaTick(kind, v);
  const tooltip = (
    <Tooltip
      cursor={{ fill: "rgba(0,0,0,0.04)" }}
      content={({ active, payload }) => {
        const bar = active ? (payload?.[0]?.payload as DeltaBar | undefined) : undefined;
        if (!bar) return null;
        return (
          <div
            style={{
              background: "#fff",
              border: "1px solid #e3e3de",
              borderRadius: 6,
              padding: "6px 10px",
              fontSize: 12,
            }}
          >
            <div style={{ fontWeight: 600 }}>{bar.key}</div>
            <div>
              A {metricText(kind, bar.a)} → {bLetter} {metricText(kind, bar.b)}:{" "}
              <strong>{deltaText(kind, bar.delta)}</strong>
            </div>
          </div>
        );
      }}
    />
  );
  const cells = data.bars.map((b) => <Cell key={b.key} fill={b.direction === "up" ? UP : DOWN} />);

  if (data.bars.length > LABELLED) {
    return (
      <>
        <BarChart
          responsive
          style={{ width: "100%", height: 260 }}
          data={data.bars}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          barCategoryGap={1}
          accessibilityLayer
        >
          <CartesianGrid vertical={false} stroke="#ecece7" />
          <XAxis
            dataKey="key"
            tick={false}
            tickLine={false}
            axisLine={false}
            height={24}
            label={{ value: "tasks, largest gain to largest loss", position: "insideBottom", ...AXIS }}
          />
          <YAxis
            domain={data.domain}
            ticks={data.ticks}
            tickFormatter={tick}
            tickLine={false}
            axisLine={false}
            tick={AXIS}
            width={64}
          />
          <ReferenceLine y={0} stroke="#86867e" />
          {tooltip}
          <Bar dataKey="delta" isAnimationActive={false}>
            {cells}
          </Bar>
        </BarChart>
        <Legend>{`Green bars above 0 are tasks where ${bLetter} gained; red bars below 0, where it lost. Hover a bar for the task.`}</Legend>
      </>
    );
  }

  return (
    <>
      <BarChart
        layout="vertical"
        responsive
        style={{ width: "100%", height: Math.max(120, data.bars.length * 26 + 40) }}
        data={data.bars}
        margin={{ top: 4, right: 72, bottom: 4, left: 8 }}
        barCategoryGap={5}
        accessibilityLayer
      >
        <CartesianGrid horizontal={false} stroke="#ecece7" />
        <XAxis
          type="number"
          domain={data.domain}
          ticks={data.ticks}
          tickFormatter={tick}
          tickLine={false}
          axisLine={false}
          tick={AXIS}
        />
        <YAxis
          type="category"
          dataKey="key"
          width={200}
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: "var(--text-2)" }}
          interval={0}
        />
        <ReferenceLine x={0} stroke="#86867e" />
        {tooltip}
        <Bar dataKey="delta" isAnimationActive={false} radius={3} maxBarSize={18}>
          {cells}
          <LabelList
            dataKey="delta"
            content={({ x, y, width, height, value }) => {
              if (typeof value !== "number") return null;
              const left = Number(x);
              const right = left + Number(width);
              const up = value >= 0;
              return (
                <text
                  x={up ? Math.max(left, right) + 6 : Math.min(left, right) - 6}
                  y={Number(y) + Number(height) / 2}
                  dy="0.35em"
                  textAnchor={up ? "start" : "end"}
                  fontSize={11.5}
                  fontWeight={600}
                  fill={up ? UP : DOWN}
                >
                  {deltaText(kind, value)}
                </text>
              );
            }}
          />
        </Bar>
      </BarChart>
      <Legend>{`Green bars right of 0 are tasks where ${bLetter} gained; red bars left of 0, where it lost.`}</Legend>
    </>
  );
}
