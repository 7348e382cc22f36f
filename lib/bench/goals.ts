/**
 * The bench's goals and its figures beside them. Sizes above 10,000 rollouts get the goals stated for
 * 100,000; the browser, heap and compare goals are stated for 100,000 and applied at every size.
 */

export interface Figure {
  figure: string;
  /** Null when the figure was not measured (skipped or failed: see `note`). */
  value: number | null;
  unit: "ms" | "MB" | "×";
  /** The goal as an upper bound, or null for a figure shown without a goal. */
  goal: number | null;
  /** Null when there is no goal or no value. */
  met: boolean | null;
  /** Why there is no value. */
  note?: string;
}

export function goalsFor(rollouts: number) {
  const large = rollouts > 10_000;
  return {
    ingestOverFloor: 2,
    ingestPeakRssMb: 300,
    pageFirstMs: large ? 1500 : 1000,
    pageRepeatMs: 300,
    htmlMb: 1,
    headlineMs: 2000,
    networkIdleMs: 3000,
    metricChangeMs: 150,
    heapMb: 200,
    compareFirstMs: 2000,
    serverRssMb: large ? 400 : 250,
    recomputeMs: 50,
    leversMs: 300,
    // Scoring in Node on one core (measure-scoring.ts), stated for 100,000 rollouts and applied at every size.
    scoreColumnsMs: 100,
    flipMs: 10,
    reaggregateMs: 5,
    postgresOverSqlite: 2,
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
  value === null ? "—" : unit === "×" ? `${value}×` : `${value} ${unit}`;

/** The figures as an aligned text table: figure, value, goal, met. */
export function figureTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    shown(f.value, f.unit),
    f.goal === null ? "" : `${f.unit === "×" ? "≤" : "<"} ${shown(f.goal, f.unit)}`,
    f.met === null ? (f.note ?? "") : f.met ? "met" : "MISSED",
  ]);
  const head = ["figure", "value", "goal", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}

/** `10k`, `100k` or a whole number of rollouts (a multiple of 5: each task has 5 rollouts). */
export function parseSize(text: string): number | null {
  const m = /^(\d+)(k?)$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]) * (m[2] ? 1000 : 1);
  return n >= 5 && n % 5 === 0 ? n : null;
}
