import { count, fixed, pct } from "@/lib/display/format";
import type { RunListItem } from "@/lib/views/records";

/** The figures every row of the runs table shows side by side, whatever its headline metric. */
export const RUN_FIGURES = ["passRate", "completion", "correctness", "meanReward"] as const;
export type RunFigure = (typeof RUN_FIGURES)[number];

/** A run's figure, null when the run has none (no eligible task, nothing scored, no summary yet). */
export function runFigure(run: Pick<RunListItem, "summary">, figure: RunFigure): number | null {
  const s = run.summary;
  if (!s) return null;
  if (figure === "passRate") return s.passRate;
  if (figure === "meanReward") return s.meanReward;
  if (s.metrics) return s.metrics[figure];
  return s.headline.metric === figure ? s.headline.value : null;
}

/** How the table writes a figure: rates as percentages, the mean reward with three decimals; "—" for none. */
export function runFigureText(value: number | null, figure: RunFigure): string {
  if (value === null || Number.isNaN(value)) return "—";
  return figure === "meanReward" ? fixed(value, 3) : pct(value);
}

/** What a row shows, as the text filter reads it: names, tags, counts and figures. */
export function runSearchTexts(run: RunListItem): string[] {
  const s = run.summary;
  const texts = [run.name, run.agent ?? "", run.model ?? "", run.format, ...run.tags];
  if (s) {
    texts.push(String(s.tasks), String(s.rollouts));
    if (s.unscored > 0) texts.push(`${count(s.unscored)} unscored`);
    for (const f of RUN_FIGURES) {
      const value = runFigure(run, f);
      if (value !== null) texts.push(runFigureText(value, f));
    }
  }
  return texts.filter((t) => t !== "");
}

/**
 * Whether a run matches the filter text: every word of it is found (case-insensitive) in something the row
 * shows, so "silo 425" finds the Silo run of 425 rollouts.
 */
export function runMatches(run: RunListItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const texts = runSearchTexts(run).map((t) => t.toLowerCase());
  return words.every((w) => texts.some((t) => t.includes(w)));
}
