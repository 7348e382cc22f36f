import { benjaminiHochberg, DEFAULT_FDR } from "../series/false-discovery";
import { fisherOneSided } from "../series/fisher-exact";
import type { Report } from "./report-types";
import { taskPassCounts } from "./rollout-facts";

/** A common task's own test: did its pass count change between A and B? */
export interface TaskTest {
  /** Two-sided Fisher exact p of the task's passes of counted rollouts, A against B; null without rollouts. */
  p: number | null;
  /** Benjamini–Hochberg adjusted over the tested common tasks. */
  adjusted: number | null;
  /** Called only when the corrected test says so. */
  called: "regressed" | "improved" | null;
}

/** The per-task tests of a comparison at a false discovery rate q, and the counts without the correction. */
export interface TaskTestSummary {
  q: number;
  tested: number;
  regressed: number;
  improved: number;
  /** Tasks whose own p is at most q before any correction, by direction. */
  uncorrected: { regressed: number; improved: number };
}

/**
 * Each common task tested on its own (two-sided Fisher exact on its pass counts: 2·min of the one-sided p's,
 * at most 1), then Benjamini–Hochberg across the tested tasks at q: a task is regressed or improved only when
 * its adjusted p is at most q (docs/scoring.md#many-tests-at-once).
 */
export function taskTests(
  a: Report,
  b: Report,
  keys: readonly string[],
  q: number = DEFAULT_FDR,
): { tests: Map<string, TaskTest>; summary: TaskTestSummary } {
  const countsA = taskPassCounts(a);
  const countsB = taskPassCounts(b);
  const raw: { key: string; p: number; down: boolean }[] = [];
  for (const key of keys) {
    const ca = countsA.get(key);
    const cb = countsB.get(key);
    if (!ca || !cb) continue;
    const { lower, higher } = fisherOneSided(ca.passes, ca.counted, cb.passes, cb.counted);
    const down = cb.passes / cb.counted < ca.passes / ca.counted;
    raw.push({ key, p: Math.min(1, 2 * Math.min(lower, higher)), down });
  }
  const { adjusted, rejected } = benjaminiHochberg(
    raw.map((r) => r.p),
    q,
  );
  const tests = new Map<string, TaskTest>();
  const summary: TaskTestSummary = {
    q,
    tested: raw.length,
    regressed: 0,
    improved: 0,
    uncorrected: { regressed: 0, improved: 0 },
  };
  raw.forEach((r, i) => {
    const direction = r.down ? "regressed" : "improved";
    const called = rejected[i] ? direction : null;
    if (called) summary[called] += 1;
    if (r.p <= q) summary.uncorrected[direction] += 1;
    tests.set(r.key, { p: r.p, adjusted: adjusted[i]!, called });
  });
  return { tests, summary };
}
