import type { TextHead } from "@/lib/text-head";
/**
 * How figures and labels are written for people: every page, the CLI's plain-text summaries and the what-if
 * panel use these, so a number reads the same everywhere. Pure; runs on the server and in the browser.
 * A missing value (null, undefined, NaN) reads "—". Machine formats (JSON, CSV) write numbers as they are.
 */
import type { MetricKind } from "@/lib/scoring/core/dimensions";
import type { Interval } from "@/lib/scoring/core/stats";
import { count, plural } from "@/lib/scoring/core/numbers";

export { count, plural };

const MISSING = "—";
const MINUS = "−";

function missing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value);
}

/** A fraction as a percentage with one decimal ("72.2%"). */
export function pct(value: number | null | undefined, digits = 1): string {
  if (missing(value)) return MISSING;
  return `${(value * 100).toFixed(digits)}%`;
}

/** A reward or score with up to 3 decimals ("0.74", "1", "0.667"). */
export function num(value: number | null | undefined, digits = 3): string {
  if (missing(value)) return MISSING;
  return String(Number(value.toFixed(digits)));
}

/** Exactly `digits` decimals, so a column of them lines up ("0.60", "1.00"). */
export function fixed(value: number | null | undefined, digits: number): string {
  if (missing(value)) return MISSING;
  return value.toFixed(digits);
}

/** The short score of a partial verdict ("0.5", "0.25"); "" when there is none. */
export function shortScore(value: number | null): string {
  return value === null ? "" : num(value, 2);
}

const TENTHS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A mean of counts with separators and exactly one decimal ("4.5", "4.0", "1,234.5"), one precision a column. */
export function tenths(n: number): string {
  return TENTHS.format(n);
}

/** A count in three significant figures with a k / M suffix ("308", "15.5k", "3.58M"); exact below 1,000. */
export function compactCount(n: number | null | undefined): string {
  if (missing(n)) return MISSING;
  if (Math.abs(n) < 1000) return String(Number(n.toFixed(1)));
  const [scaled, unit] = Math.abs(n) < 1e6 ? [n / 1e3, "k"] : Math.abs(n) < 1e9 ? [n / 1e6, "M"] : [n / 1e9, "B"];
  return `${Number(scaled.toPrecision(3))}${unit}`;
}

/** US dollars: cents from $1 up ("$12.34"), four decimals below ("$0.0035"), so small costs do not read $0.00. */
export function usd(value: number | null | undefined): string {
  if (missing(value)) return MISSING;
  if (Math.abs(value) >= 1) return `$${CENTS.format(value)}`;
  return `$${value.toFixed(4)}`;
}

/** A signed difference of fractions in percentage points ("+11.1 pp", "−5.0 pp", "±0.0 pp"). */
export function deltaPp(value: number | null | undefined, digits = 1): string {
  if (missing(value)) return MISSING;
  const pp = value * 100;
  const sign = pp > 0 ? "+" : pp < 0 ? MINUS : "±";
  return `${sign}${Math.abs(pp).toFixed(digits)} pp`;
}

/** A 95% interval of fractions ("61.0% – 83.4%"). */
export function interval(ci: readonly [number, number] | null | undefined): string {
  return ci ? `${pct(ci[0])} – ${pct(ci[1])}` : MISSING;
}

/** A metric's value: rewards with three decimals ("0.650"), every other metric as a percent ("72.2%"). */
export function metricText(kind: MetricKind, value: number | null | undefined): string {
  return kind === "reward" ? fixed(value, 3) : pct(value);
}

/** A 95% interval in one precision for both ends ("16.7% – 26.9%", "0.109 – 1.000"). */
export function intervalText(kind: MetricKind, ci: Interval | null | undefined): string {
  if (!ci) return MISSING;
  if (kind === "reward") return `${fixed(ci[0], 3)} – ${fixed(ci[1], 3)}`;
  return `${pct(ci[0])} – ${pct(ci[1])}`;
}

/** A standard error: a decimal for rewards, points for every other metric ("4.1 pp"). */
export function seText(kind: MetricKind, se: number | null | undefined): string {
  if (missing(se)) return MISSING;
  return kind === "reward" ? fixed(se, 3) : `${(se * 100).toFixed(1)} pp`;
}

function signedDecimal(value: number): string {
  const text = fixed(Math.abs(value), 3);
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : "±0.000";
}

/** A difference of a metric (B − A): signed points, or a signed decimal for rewards ("+0.117", "±0"). */
export function deltaText(kind: MetricKind, value: number | null | undefined): string {
  if (missing(value)) return MISSING;
  return kind === "reward" ? signedDecimal(value) : deltaPp(value);
}

/**
 * A what-if change of a metric, as deltaText, except that a real change too small to show at that precision
 * reads "+<0.1 pp" (or "+<0.001") rather than a misleading "+0.0 pp": the user changed something and looks
 * for its effect.
 */
export function changeText(kind: MetricKind, delta: number | null): string {
  if (delta !== null && delta !== 0 && Math.abs(delta) < 0.0005) {
    return `${delta > 0 ? "+" : MINUS}<${kind === "reward" ? "0.001" : "0.1 pp"}`;
  }
  return deltaText(kind, delta);
}

/** The interval of a difference: "−9.2 to +20.3 pp" / "−0.092 to +0.203". */
export function deltaIntervalText(kind: MetricKind, ci: Interval | null | undefined): string {
  if (!ci) return MISSING;
  if (kind === "reward") return `${signedDecimal(ci[0])} to ${signedDecimal(ci[1])}`;
  return `${deltaPp(ci[0]).replace(" pp", "")} to ${deltaPp(ci[1])}`;
}

/** Axis tick of a difference: whole points ("+50 pp") or a signed decimal for rewards. */
export function deltaTick(kind: MetricKind, value: number): string {
  if (value === 0) return "0";
  if (kind !== "reward") return deltaPp(value, 0);
  return `${value > 0 ? "+" : MINUS}${num(Math.abs(value))}`;
}

/** A p-value as an expression: "p = 0.03" (two decimals), "p < 0.001" below that. */
export function pValueText(p: number): string {
  if (p < 0.001) return "p < 0.001";
  if (p < 0.01) return `p = ${p.toFixed(3)}`;
  return `p = ${p >= 0.995 ? "1.00" : p.toFixed(2)}`;
}

/** "correctness" → "Correctness"; custom dimension names keep their spelling after the first letter. */
export function metricTitle(metric: string): string {
  return metric.charAt(0).toUpperCase() + metric.slice(1);
}

/** The name of a per-task metric: completion reads as the task's pass rate. */
export function taskMetricTitle(metric: string): string {
  return metric === "completion" ? "Pass rate" : metricTitle(metric);
}

/** "812 B", "4.2 KB", "50 MB" (powers of 1024, as the server's limit is set in bytes). */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB"];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** An ISO time as "2026-03-01 14:05" (UTC). */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? MISSING : d.toISOString().slice(0, 16).replace("T", " ");
}

/** "850 ms", "12.5 s", "3 min 4 s", "2 h 5 min", "1,250 h 0 min" (a run's total). */
export function duration(ms: number | null | undefined): string {
  if (missing(ms)) return MISSING;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const min = Math.round(s / 60);
  return `${count(Math.floor(min / 60))} h ${min % 60} min`;
}

/** What a figure covers: "85 tasks" when it covers every one, else "3 of 85 tasks". */
export function coverageText(coverage: { tasks: number; of: number }, word = "task", many = `${word}s`): string {
  if (coverage.tasks === coverage.of) return plural(coverage.of, word, many);
  return `${count(coverage.tasks)} of ${plural(coverage.of, word, many)}`;
}

/** Whether a figure covers fewer than the run has, so its coverage must be shown beside it. */
export function isPartial(coverage: { tasks: number; of: number } | undefined): boolean {
  return coverage !== undefined && coverage.tasks < coverage.of;
}

/** Text from a result file cut for display (labels can be megabytes in hostile files; the raw file keeps all). */
export function clip(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${count(text.length - max)} more characters)`;
}

/** A head's text for display, clipped to `max` characters with what is left said: "… (2.0 MB in all)". */
export function clipHead(text: TextHead, max = 500): string {
  if (!text.cut && text.head.length <= max) return text.head;
  const more = text.cut ? `${bytes(text.bytes)} in all` : `${count(text.head.length - max)} more characters`;
  return `${text.head.slice(0, Math.min(max, text.head.length))}… (${more})`;
}
