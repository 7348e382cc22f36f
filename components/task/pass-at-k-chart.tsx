"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { pct } from "@/lib/display/format";
import type { PassAtKPoint } from "@/lib/scoring/core/pass-at-k";

const percent = (v: number) => pct(v, 0);

/** One line of a pass@k chart: the row key it reads, its name, colour, and dashed for pass^k. */
export interface PassAtKLine {
  key: string;
  name: string;
  colour: string;
  dashed: boolean;
}

/** The two curves of one task or run (points from lib/scoring passAtKCurve / runPassAtKPoints). */
const ONE_RUN: PassAtKLine[] = [
  { key: "passAtK", name: "pass@k (at least one of k passes)", colour: "var(--chart-1)", dashed: false },
  { key: "passHatK", name: "pass^k (all k pass)", colour: "var(--chart-3)", dashed: true },
];

/**
 * pass@k and pass^k over k: one task's or run's two curves (`points`), or any lines over rows keyed by k
 * (`rows` and `lines`, the compare page's runs side by side). The chart only draws prepared data.
 */
export function PassAtKChart({
  points,
  rows,
  lines = ONE_RUN,
  label = "pass@k and pass^k by number of tries k",
}: {
  points?: PassAtKPoint[];
  rows?: ({ k: number } & Record<string, number>)[];
  lines?: PassAtKLine[];
  label?: string;
}) {
  const data: readonly { k: number }[] = rows ?? points ?? [];
  return (
    <div data-testid="pass-at-k-chart" role="img" aria-label={label} style={{ width: "100%", height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="k"
            type="number"
            domain={["dataMin", "dataMax"]}
            allowDecimals={false}
            tickCount={Math.min(data.length, 10)}
            tick={{ fontSize: 12, fill: "var(--text-3)" }}
            label={{
              value: "k (tries)",
              position: "insideBottomRight",
              offset: -4,
              fontSize: 12,
              fill: "var(--text-3)",
            }}
          />
          <YAxis
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={percent}
            width={48}
            tick={{ fontSize: 12, fill: "var(--text-3)" }}
          />
          <Tooltip
            formatter={(value) => (typeof value === "number" ? pct(value) : String(value))}
            labelFormatter={(k) => `k = ${typeof k === "string" || typeof k === "number" ? k : ""}`}
            contentStyle={{ borderRadius: 8, borderColor: "var(--border)", fontSize: 13 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {lines.map((line) => (
            <Line
              key={line.key}
              name={line.name}
              dataKey={line.key}
              stroke={line.colour}
              strokeWidth={2}
              strokeDasharray={line.dashed ? "6 4" : undefined}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
