import { NO_GROUP, type Scheme } from "../core/schemes";
import { pairedEstimate, type Interval, type PairedValue } from "../core/stats";
import { studentTCdf } from "../core/student-t";
import { rewardRangeOf } from "./rollout-facts";
import type { Report, TaskReport } from "./report-types";
import { ownValue } from "../scenario/scenario";
import { benjaminiHochberg, DEFAULT_FDR } from "../series/false-discovery";
import { rankIntervals, RANK_RESAMPLES, RANK_SEED } from "../series/rank-intervals";

export interface LeaderboardEntry {
  id: string;
  name: string;
  report: Report;
}

export interface LeaderboardRow {
  id: string;
  name: string;
  /** The run's own headline over its own tasks, with its 95% interval. */
  headline: { value: number | null; ci95: Interval | null; tasks: number };
  /** Its headline on the tasks every run shares: what the ranks and differences are over. */
  value: number;
  rank: number;
  rankInterval: [number, number];
  /** This run − the leader on the shared tasks (paired); null for the leader itself. */
  toLeader: { delta: number; se: number | null; ci95: Interval | null; p: number; adjusted: number } | null;
  /** Runs it cannot be told apart from: their paired difference is not a discovery after BH at q. */
  tiedWith: string[];
}

export interface Leaderboard {
  metric: string;
  scheme: Scheme;
  /** Tasks every run holds with a value of the metric. */
  tasks: number;
  q: number;
  resamples: number;
  seed: number;
  /** By rank, then as given. */
  rows: LeaderboardRow[];
}

/** Two-sided p of a paired difference: Student t on T − 1 degrees of freedom; 0 SE is 1 without a difference. */
function pairedP(delta: number, se: number | null, tasks: number): number {
  if (se === null || tasks < 2) return 1;
  if (se === 0) return delta === 0 ? 1 : 0;
  return Math.min(1, 2 * (1 - studentTCdf(Math.abs(delta / se), tasks - 1)));
}

/** The run's value and weight on a task under the scheme (as compare.ts pairs them). */
function valueOf(t: TaskReport, metric: string, scheme: Scheme, groupWeight: number): { x: number; w: number } {
  const pooled = ownValue(t.pooled, metric)!;
  if (scheme === "check") return { x: pooled.value, w: pooled.votes };
  const x = ownValue(t.metrics, metric)!;
  if (scheme === "custom") return { x, w: t.weight };
  return { x, w: scheme === "group" ? groupWeight : 1 };
}

/**
 * A leaderboard of runs scored under one scenario (docs/scoring.md#a-leaderboard): on the tasks every run
 * holds, each run's headline, its rank and rank interval (task bootstrap, rank-intervals.ts, seeded), its paired
 * difference to the leader with a 95% interval, and the runs it is tied with: every pair of runs is tested
 * (paired t), Benjamini–Hochberg across the pairs at q; a pair that is not a discovery is a tie.
 */
export function leaderboard(
  entries: readonly LeaderboardEntry[],
  options: { q?: number; resamples?: number; seed?: number; groupWeights?: Record<string, number> } = {},
): Leaderboard {
  const q = options.q ?? DEFAULT_FDR;
  const resamples = options.resamples ?? RANK_RESAMPLES;
  const seed = options.seed ?? RANK_SEED;
  const reports = entries.map((e) => e.report);
  const first = reports[0];
  const metric =
    first && reports.every((r) => r.headline.metric === first.headline.metric) ? first.headline.metric : "completion";
  const scheme: Scheme = first?.headline.scheme ?? "task";
  const byKey = reports.map((r) => new Map(r.tasks.map((t) => [t.key, t])));
  const keys = (first?.tasks ?? [])
    .map((t) => t.key)
    .filter((k) =>
      byKey.every((m) => {
        const t = m.get(k);
        return t !== undefined && ownValue(t.pooled, metric) && ownValue(t.metrics, metric) != null;
      }),
    );
  const perGroup = new Map<string, number>();
  const groupOf = (k: string) => byKey[0]!.get(k)!.group ?? NO_GROUP;
  for (const k of keys) perGroup.set(groupOf(k), (perGroup.get(groupOf(k)) ?? 0) + 1);
  const groupWeights = options.groupWeights ?? first?.scenario.groupWeights;
  const columns = byKey.map((m) => {
    const x = new Float64Array(keys.length);
    const w = new Float64Array(keys.length);
    keys.forEach((k, t) => {
      const g = groupOf(k);
      const v = valueOf(m.get(k)!, metric, scheme, (ownValue(groupWeights, g) ?? 1) / perGroup.get(g)!);
      x[t] = v.x;
      w[t] = v.w;
    });
    return { x, w };
  });
  const range: Interval = metric === "reward" ? rewardRangeOf(reports) : [0, 1];
  const pair = (i: number, j: number) =>
    pairedEstimate(
      keys.map<PairedValue>((key, t) => ({
        key,
        xA: columns[i]!.x[t]!,
        wA: columns[i]!.w[t]!,
        xB: columns[j]!.x[t]!,
        wB: columns[j]!.w[t]!,
      })),
      range,
    );
  const values = columns.map(({ x, w }) => {
    let num = 0;
    let den = 0;
    for (let t = 0; t < x.length; t++) {
      num += w[t]! * x[t]!;
      den += w[t]!;
    }
    return den > 0 ? num / den : 0;
  });
  const ranks = rankIntervals(columns, { resamples, seed });
  const leader = ranks.findIndex((r) => r.rank === 1);

  const pairs: { i: number; j: number; p: number }[] = [];
  const estimates = new Map<string, ReturnType<typeof pair>>();
  for (let i = 0; i < entries.length; i++)
    for (let j = i + 1; j < entries.length; j++) {
      const e = pair(i, j);
      estimates.set(`${i}:${j}`, e);
      pairs.push({ i, j, p: pairedP(e.delta ?? 0, e.se, keys.length) });
    }
  const fdr = benjaminiHochberg(
    pairs.map((p) => p.p),
    q,
  );
  const tied = entries.map(() => new Set<number>());
  const adjustedOf = new Map<string, number>();
  pairs.forEach(({ i, j }, n) => {
    adjustedOf.set(`${i}:${j}`, fdr.adjusted[n]!);
    if (!fdr.rejected[n]) {
      tied[i]!.add(j);
      tied[j]!.add(i);
    }
  });

  const rows = entries.map<LeaderboardRow>((e, i) => {
    let toLeader: LeaderboardRow["toLeader"] = null;
    if (i !== leader && leader >= 0) {
      const [lo, hi] = leader < i ? [leader, i] : [i, leader];
      const est = estimates.get(`${lo}:${hi}`)!;
      const sign = leader < i ? 1 : -1;
      const delta = sign * (est.delta ?? 0);
      const ci95: Interval | null = est.ci95 === null ? null : sign === 1 ? est.ci95 : [-est.ci95[1], -est.ci95[0]];
      const p = pairs.find((x) => x.i === lo && x.j === hi)!.p;
      toLeader = { delta, se: est.se, ci95, p, adjusted: adjustedOf.get(`${lo}:${hi}`)! };
    }
    const h = e.report.headline;
    return {
      id: e.id,
      name: e.name,
      headline: { value: h.value, ci95: h.ci95, tasks: h.eligibleTasks },
      value: values[i]!,
      rank: ranks[i]!.rank,
      rankInterval: ranks[i]!.interval,
      toLeader,
      tiedWith: [...tied[i]!].sort((a, b) => a - b).map((j) => entries[j]!.id),
    };
  });
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => a.r.rank - b.r.rank || a.i - b.i);
  return { metric, scheme, tasks: keys.length, q, resamples, seed, rows: order.map((o) => o.r) };
}
