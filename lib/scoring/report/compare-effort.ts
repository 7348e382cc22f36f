import { MEASURE_KEYS, type MeasureKey } from "../core/measures";
import { pairedEstimate, type PairedEstimate, type PairedValue } from "../core/stats";
import type { Report } from "./report-types";
import { rolloutFactsOf } from "./rollout-facts";

/** What a run's figure of a measure rests on (MeasureEffort's counts): `passes` among `recorded` of `rollouts`. */
export interface MeasureCoverage {
  recorded: number;
  rollouts: number;
  passes: number;
}

/** One measure paired on the common tasks where both runs record it: each task's mean over its rollouts. */
export interface PairedMeasure extends PairedEstimate {
  measure: MeasureKey;
  /** Which rollouts of each whole run record the measure. */
  coverageA: MeasureCoverage;
  coverageB: MeasureCoverage;
}

/**
 * What B's passes cost beside A's: cost per pass from each run's effort (the cost of the rollouts that record
 * one ÷ the passes among them).
 */
export interface PassCost {
  /** Common tasks that pass in B and not in A, minus the reverse (the flips). */
  morePasses: number;
  costPerPassA: number | null;
  costPerPassB: number | null;
  /** The rollouts each cost per pass rests on. */
  coverageA: MeasureCoverage;
  coverageB: MeasureCoverage;
  /** (B ÷ A − 1): +0.35 is 35% more per pass; null when either has no cost per pass. */
  costPerPassChange: number | null;
}

export interface EffortComparison {
  measures: PairedMeasure[];
  passCost: PassCost;
}

const UNBOUNDED: [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];

function coverageOf(report: Report, measure: MeasureKey): MeasureCoverage {
  const { recorded, rollouts, passes } = report.effort[measure];
  return { recorded, rollouts, passes };
}

/**
 * Paired per-task differences (B − A) of every measure both runs record on some common task, each task one
 * vote, with the task-clustered interval; and how B's extra passes compare in cost per pass. Measures never
 * enter a verdict or the regression gate.
 */
export function compareEffort(
  a: Report,
  b: Report,
  commonKeys: readonly string[],
  morePasses: number,
): EffortComparison {
  const measures: PairedMeasure[] = [];
  // A measure one run never records has no pair to compare.
  const both = MEASURE_KEYS.filter((m) => a.effort[m].recorded > 0 && b.effort[m].recorded > 0);
  const meansA = rolloutFactsOf(a).measureMeans(both);
  const meansB = rolloutFactsOf(b).measureMeans(both);
  for (const measure of both) {
    const ma = meansA.get(measure)!;
    const mb = meansB.get(measure)!;
    const pairs: PairedValue[] = [];
    for (const key of commonKeys) {
      const xA = ma.get(key);
      const xB = mb.get(key);
      if (xA !== undefined && xB !== undefined) pairs.push({ key, xA, wA: 1, xB, wB: 1 });
    }
    if (pairs.length > 0)
      measures.push({
        measure,
        ...pairedEstimate(pairs, UNBOUNDED),
        coverageA: coverageOf(a, measure),
        coverageB: coverageOf(b, measure),
      });
  }
  const costPerPassA = a.effort.costUsd.perPass;
  const costPerPassB = b.effort.costUsd.perPass;
  return {
    measures,
    passCost: {
      morePasses,
      costPerPassA,
      costPerPassB,
      coverageA: coverageOf(a, "costUsd"),
      coverageB: coverageOf(b, "costUsd"),
      costPerPassChange:
        costPerPassA !== null && costPerPassB !== null && costPerPassA > 0 ? costPerPassB / costPerPassA - 1 : null,
    },
  };
}

/** "B passes 3 more tasks at 35% more cost per pass", or null unless both runs have a cost per pass. */
export function passCostSentence(p: PassCost): string | null {
  if (p.costPerPassChange === null) return null;
  const n = Math.abs(p.morePasses);
  const passes =
    p.morePasses === 0
      ? "B passes as many tasks"
      : `B passes ${n} ${p.morePasses > 0 ? "more" : "fewer"} task${n === 1 ? "" : "s"}`;
  const pct = Math.round(Math.abs(p.costPerPassChange) * 100);
  const cost =
    pct === 0 ? "the same cost per pass" : `${pct}% ${p.costPerPassChange > 0 ? "more" : "less"} cost per pass`;
  return `${passes} at ${cost}`;
}
