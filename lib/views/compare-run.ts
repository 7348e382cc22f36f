import type { RunMeta } from "@/lib/store/records";
import type { Regrade } from "@/lib/formats/types";
import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import { firstRolloutsOf } from "@/lib/scoring/view/first-rollouts";
import { failureGroupsOfColumns, type FailureGroup } from "@/lib/scoring/report/failure-groups";
import type { Report } from "@/lib/scoring/report/report-types";
import { rolloutFactsOf } from "@/lib/scoring/report/rollout-facts";
import { identityMemo } from "./identity-memo";

/** What the compare page needs of a stored run besides its scoring data; plain JSON. */
export interface CompareRun {
  id: string;
  name: string;
  agent: string | null;
  model: string | null;
  format: string;
  baseline: boolean;
  regrades: Regrade[];
  /** BenchFlow's regrade summary sentence and reason, when the run has regrades. */
  regradeSummary: string | null;
  regradeReason: string | null;
  /** Each task's first rollout by id: the one the per-task side-by-side link opens. */
  firstRollouts: Record<string, string>;
  /** Its failed and unscored rollouts grouped, under the verdicts of the report given (failure-groups.ts). */
  failureGroups: FailureGroup[];
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

const firstRollouts = identityMemo<Record<string, string>>();
const failureGroups = identityMemo<FailureGroup[]>();

/** A stored run's compare-page facts, from its columns and its report under the comparison's scenario. */
export function toCompareRun(meta: RunMeta, run: RunColumns, report: Report): CompareRun {
  const { id, name, agent, model, format, baseline, regrades, metadata } = meta;
  return {
    id,
    name,
    agent,
    model,
    format,
    baseline,
    regrades,
    regradeSummary: text(metadata.regradeSummary),
    regradeReason: text(metadata.regradeReason),
    // Kept with the run's columns and the report (the run cache's): a repeat view computes nothing. The verdicts
    // are read as bits: a report scored from columns then makes no row per rollout.
    firstRollouts: firstRollouts([run], "", () => firstRolloutsOf(run)),
    failureGroups: failureGroups([run, report], "", () => failureGroupsOfColumns(run, rolloutFactsOf(report).passed())),
  };
}

/** "A", "B", "C": the letter each run goes by on the page (A is the baseline of the comparison). */
export const LETTERS = ["A", "B", "C", "D"] as const;
export const letter = (i: number) => LETTERS[i] ?? String(i + 1);

/** A compare bundle's page data: each run's compare-page facts and its binary columns (run-source.ts). */
export interface StaticComparison {
  a: { run: CompareRun; runBase64: string };
  b: { run: CompareRun; runBase64: string };
}
