import { count } from "@/lib/scoring/core/numbers";

/**
 * The bench's goals and its figures beside them (README, Performance). Sizes above 10,000 rollouts
 * get the goals stated for 100,000; the browser, heap and compare goals are stated for 100,000 and applied at
 * every size, except a change of headline metric, which must take < 50 ms at 10,000. Above 100,000 (the 1m
 * bench) ingest may hold 500 MB, the headline show in 2 s and a what-if change take 300 ms.
 */

export interface Figure {
  figure: string;
  /** Null when the figure was not measured (skipped or failed: see `note`). */
  value: number | null;
  unit: "ms" | "MB" | "×" | "files";
  /** The goal as an upper bound, or null for a figure shown without a goal. */
  goal: number | null;
  /** Null when there is no goal or no value. */
  met: boolean | null;
  /** Why there is no value. */
  note?: string;
}

export function goalsFor(rollouts: number) {
  const large = rollouts > 10_000;
  const huge = rollouts > 100_000;
  return {
    ingestOverFloor: 2,
    ingestPeakRssMb: huge ? 500 : 300,
    pageFirstMs: large ? 1500 : 1000,
    pageRepeatMs: 300,
    htmlMb: 1,
    headlineMs: huge ? 2000 : 1000,
    networkIdleMs: 3000,
    /** Every figure of the run page scored in the browser's worker. */
    scoredMs: 1500,
    metricChangeMs: huge ? 300 : large ? 150 : 50,
    heapMb: 150,
    compareFirstMs: 2000,
    compareRepeatMs: 500,
    /** A task page and a rollout page, first view (the run not yet in the server's memory). */
    partPageFirstMs: 300,
    serverRssMb: large ? 400 : 250,
    recomputeMs: huge ? 300 : 50,
    leversMs: 300,
    // Scoring in Node on one core (measure-scoring.ts), stated for 100,000 rollouts and applied at every size.
    scoreColumnsMs: 100,
    flipMs: 10,
    reaggregateMs: 5,
    postgresOverSqlite: 2,
    // The static export (tally export) of the run, stated for 100,000 rollouts and applied at every size.
    exportWriteMs: 10_000,
    exportRssMb: 300,
    exportMb: 50,
    exportHeadlineMs: 2000,
    exportHeapMb: 150,
  };
}

/** One figure: `met` when the value is under its goal (`≤` for ratios, as the goals state them). */
export function figure(
  name: string,
  value: number | null | undefined,
  unit: Figure["unit"],
  goal: number | null,
  note?: string,
): Figure {
  const v = value ?? null;
  const met = v === null || goal === null ? null : unit === "×" ? v <= goal : v < goal;
  return { figure: name, value: v, unit, goal, met, ...(note && v === null ? { note } : {}) };
}

const shown = (value: number | null, unit: Figure["unit"]) =>
  value === null ? "—" : unit === "×" ? `${count(value)}×` : `${count(value)} ${unit}`;

/** The figures as an aligned text table: figure, value, goal, met. */
export function figureTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    shown(f.value, f.unit),
    f.goal === null ? "" : `${f.unit === "×" ? "≤" : "<"} ${shown(f.goal, f.unit)}`,
    f.met === null ? (f.note ?? "") : f.met ? "met" : "MISSED",
  ]);
  const head = ["figure", "value", "goal", ""];
  const widths = head.map((h, i) => rows.reduce((w, r) => Math.max(w, r[i]!.length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}

/** `10k`, `100k`, `1m` or a whole number of rollouts (a multiple of 5: each task has 5 rollouts). */
export function parseSize(text: string): number | null {
  const m = /^(\d+)([km]?)$/i.exec(text.trim());
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  const n = Number(m[1]) * (unit === "m" ? 1_000_000 : unit === "k" ? 1000 : 1);
  return n >= 5 && n % 5 === 0 ? n : null;
}

/** Figures shown in the Markdown table: those with a goal, and the two walls the ingest ratio is made of. */
const MARKDOWN_EXTRA = new Set(["ingest wall", "floor wall"]);

const escapeCell = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");

/**
 * The figures as one short Markdown table (the README's performance table): the figures that have a goal, and
 * the ingest and floor walls, under a line saying where they were measured (`context`: size, machine, load).
 */
export function figureMarkdown(figures: readonly Figure[], context: string): string {
  const rows = figures
    .filter((f) => f.goal !== null || MARKDOWN_EXTRA.has(f.figure))
    .map((f) => {
      const goal = f.goal === null ? "" : `${f.unit === "×" ? "≤" : "<"} ${shown(f.goal, f.unit)}`;
      const met = f.met === null ? (f.note ?? "") : f.met ? "met" : "missed";
      return `| ${[f.figure, shown(f.value, f.unit), goal, met].map(escapeCell).join(" | ")} |`;
    });
  return [context, "", "| figure | value | goal | |", "|---|--:|---|---|", ...rows].join("\n");
}

/** The series bench's goals (`tally bench --size series`): a series of 100 runs × 2,000 tasks, a leaderboard of 8 × 85. */
export const SERIES_GOALS = {
  seriesFirstMs: 2000,
  filterMs: 150,
  leaderboardMs: 1000,
} as const;
