/** Axis prep for the charts the page draws itself: round tick values, so the chart only places them. */

/**
 * About `target` evenly spaced round values (steps of 1, 2 or 5 × a power of ten) from `low` to `high`, the
 * domain widened to the ticks at either end. A domain of one value v is widened to v ± |v|/2 (0 to 1 for 0).
 */
export function axisTicks(low: number, high: number, target = 5): { domain: [number, number]; ticks: number[] } {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { domain: [0, 1], ticks: [0, 1] };
  if (high < low) [low, high] = [high, low];
  if (high === low) {
    const pad = low === 0 ? 1 : Math.abs(low) / 2;
    return axisTicks(low - (low === 0 ? 0 : pad), high + pad, target);
  }
  const raw = (high - low) / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 prints as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks };
}
