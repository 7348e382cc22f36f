import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import { modelOf } from "@/lib/scoring/report/columnar/column-model";
import type { Report } from "@/lib/scoring/report/report-types";
import { combinedBudget } from "@/lib/scoring/scenario/budget";
import { describeScenario } from "@/lib/scoring/scenario/describe-scenario";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { packWeightTasks, type PackedWeightTasks } from "@/lib/scoring/view/weight-tasks";
import { taskFactsOf } from "@/lib/scoring/report/task-facts";
import { budgetDistributionOfColumns } from "@/lib/scoring/view/budget-distribution";
import { checkKeysOfRuns } from "@/lib/scoring/view/check-keys";
import {
  commonTaskChecksOf,
  packTaskChecks,
  taskCheckSets,
  type PackedTaskChecks,
} from "@/lib/scoring/view/task-checks";
import { policyReports, robustness, type Robustness } from "@/lib/scoring/report/robustness";
import { scenarioKey } from "@/lib/scoring/scenario/named-scenario";
import { sharedRolloutsPhrase } from "@/lib/display/shared-rollouts";
import type { RunMeta } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { letter } from "./compare-run";
import { identityMemo } from "./identity-memo";
import { sharedRolloutsOf } from "./run-caches";

const runFacts = identityMemo<{
  taskChecks: PackedTaskChecks;
  checkKeys: ReturnType<typeof checkKeysOfRuns>;
}>();
const weightTasks = identityMemo<PackedWeightTasks>();
const budgets = identityMemo<ReturnType<typeof budgetDistributionOfColumns>>();
const robustnessKept = identityMemo<Robustness>();

/**
 * What the compare page's what-if panel offers, read from the compared runs' columns (A first), never from the
 * runs as objects: A's tasks with their declared weights (packed), its groups, the checks every run's tasks share, the check keys
 * and the budget measures of all their rollouts.
 */
export function comparePanelFacts(compared: readonly { run: RunColumns; report: Report }[], scenario: Scenario) {
  const a = compared[0]!;
  const model = modelOf(a.run);
  const runs = compared.map((c) => c.run);
  // What no scenario changes is kept with the runs' columns; the budget's bins with its limits.
  const fixed = runFacts(runs, "", () => ({
    // Packed against A's task keys, which the page holds already (the weights' packed tasks).
    taskChecks: packTaskChecks(
      taskCheckSets(commonTaskChecksOf(runs)),
      model.tasks.map((t) => t.key),
    ),
    checkKeys: checkKeysOfRuns(runs),
  }));
  return {
    description: describeScenario(scenario, (ref) => model.resolve(ref)),
    // Packed: A's tasks as columns, with their declared weights where the scenario changed them.
    tasks: weightTasks([a.report], "", () =>
      packWeightTasks(
        taskFactsOf(a.report),
        model.tasks.map((t) => t.weight),
      ),
    ),
    groups: a.report.groups.map(({ group, tasks }) => ({ group, tasks })),
    ...fixed,
    budgetMeasures: budgets(runs, JSON.stringify(scenario.budget ?? null), () =>
      budgetDistributionOfColumns(runs, scenario.budget),
    ),
    budget: combinedBudget(compared.map((c) => c.report.budget)),
  };
}

/**
 * The headline difference of a candidate to A under every scheme and unscored policy (robustness.ts), kept
 * with the two reports (the run cache's as-recorded reports: a repeat view computes nothing).
 */
export function compareRobustness(
  a: { run: RunColumns; report: Report },
  candidate: { run: RunColumns; report: Report },
  scenario: Scenario,
  letter: string,
): Robustness {
  return robustnessKept([a.report, candidate.report], `${letter} ${scenarioKey(scenario)}`, () =>
    robustness(
      policyReports(a.run, scenario, a.report),
      policyReports(candidate.run, scenario, candidate.report),
      scenario,
      letter,
    ),
  );
}

/**
 * For each candidate that shares rollouts with A (the same files ingested into both runs), a sentence saying
 * so: their common tasks compare the same rollouts.
 */
export async function sharedWithA(
  store: Store,
  compared: {
    a: { found: Pick<RunMeta, "id" | "name">; run: RunColumns };
    candidates: readonly { found: Pick<RunMeta, "id" | "name">; run: RunColumns }[];
  },
): Promise<string[]> {
  const { a, candidates } = compared;
  const shared = await sharedRolloutsOf(store, a.found.id);
  return candidates.flatMap((c, i) => {
    const found = shared.find((s) => s.runId === c.found.id);
    if (!found) return [];
    const withA = {
      runId: a.found.id,
      name: a.found.name,
      shared: found.shared,
      sameBytes: found.sameBytes,
      rollouts: a.run.rolloutTask.length,
    };
    return [
      `${letter(i + 1)} (“${c.found.name}”) ${sharedRolloutsPhrase(c.run.rolloutTask.length, withA)}, which is A: their common tasks compare the same rollouts.`,
    ];
  });
}
