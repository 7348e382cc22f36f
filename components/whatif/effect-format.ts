import { deltaPp, num } from "@/components/format";
import type { MetricKind } from "@/lib/scoring/core/dimensions";

/**
 * A signed change as the what-if panel writes it: percentage points, or a signed decimal for rewards. A real
 * change too small to show at that precision reads "+<0.1 pp" rather than a misleading "+0.0 pp".
 */
export function deltaText(kind: MetricKind, delta: number | null): string {
  if (delta === null) return "—";
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  if (kind !== "reward") {
    if (delta !== 0 && Math.abs(delta) < 0.0005) return `${sign}<0.1 pp`;
    return deltaPp(delta);
  }
  if (delta !== 0 && Math.abs(delta) < 0.0005) return `${sign}<0.001`;
  return `${sign}${num(Math.abs(delta))}`;
}

export type Tone = "up" | "down" | "same";

/** Higher is better for every figure the panel shows. */
export function tone(delta: number | null, changed: boolean): Tone {
  if (!changed || delta === null || delta === 0) return "same";
  return delta > 0 ? "up" : "down";
}
