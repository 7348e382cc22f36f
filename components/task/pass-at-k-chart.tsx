"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { pct } from "@/lib/display/format";
import type { PassAtKPoint } from "@/lib/scoring/core/pass-at-k";

const percent = (v: number) => pct(v, 0);

/** pass@k and pass^k over k = 1..n (points prepared by lib/scoring passAtKPoints); the chart only draws. */
export function PassAtKChart({ points }: { points: PassAtKPoint[] }) {
  return (
    <div
      data-testid="pass-at-k-chart"
      role="img"
      aria-label="pass@k and pass^k by number of tries k"
      style={{ width: "100%", height: 260 }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="k"
            type="number"
            domain={["dataMin", "dataMax"]}
            allowDecimals={false}
            tickCount={Math.min(points.length, 10)}
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
            labelFormatter={(k) => `k = ${String(k)}`}
            contentStyle={{ borderRadius: 8, borderColor: "var(--border)", fontSize: 13 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            name="pass@k (at least one of k passes)"
            dataKey="passAtK"
            stroke="var(--chart-1)"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
          <Line
            name="pass^k (all k pass)"
            dataKey="passHatK"
            stroke="var(--chart-3)"
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
