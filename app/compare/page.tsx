import type { Metadata } from "next";
import Link from "next/link";
import { CompareScenario } from "@/components/compare/compare-scenario";
import { CompareView } from "@/components/compare/compare-view";
import { letter, toCompareRun } from "@/components/compare/compare-run";
import { PickRuns } from "@/components/compare/pick-runs";
import { compareViewHref, parseCompareView } from "@/components/compare/url-state";
import { resolveComparison } from "@/lib/compare/resolve";
import { runTasks } from "@/lib/scoring/core/run-tasks";
import { policyReports, robustness } from "@/lib/scoring/report/robustness";
import { describeScenario } from "@/lib/scoring/scenario/describe-scenario";
import { commonTaskChecks } from "@/lib/scoring/view/task-checks";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /compare?runs=a,b[,c]: A (an explicit `a`, else the baseline run, else the first listed) against each other
 * run, every figure from lib/compare's resolver. Fewer than two runs, or an unknown one: the picker.
 * `scenario` (the run page's JSON) scores both runs under a what-if scenario.
 * `?a=<A>&b=<B>` is redirected (308) to `?runs=<A>,<B>&a=<A>` by proxy.ts, before the page streams its skeleton.
 */
export default async function ComparePage({ searchParams }: Props) {
  const view = parseCompareView(await searchParams);
  const parsed = parseScenarioParam(view.scenario);
  const scenario = parsed.success ? parsed.data : {};
  const store = getStore();
  const resolution = await resolveComparison(
    { ...view, scenario },
    {
      find: (id) => store.getRun(id),
      load: (id) => store.snapshot(id).then((s) => s?.run ?? null),
    },
  );

  if (resolution.kind !== "compared") {
    const runs = await store.listRuns();
    return (
      <>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / Compare
        </nav>
        <PickRuns
          runs={runs}
          initial={resolution.found.map((m) => m.id)}
          unknown={resolution.kind === "unknown" ? resolution.unknown : []}
        />
      </>
    );
  }

  const a = resolution.a;
  const aReport = a.report;
  const aPolicies = policyReports(a.run, resolution.scenario, aReport);
  const saved = await store.listScenarios();
  const panel = (
    <CompareScenario
      saved={saved.map(({ name, description, scenario: s, declared }) => ({
        name,
        description,
        scenario: s,
        declared,
      }))}
      issues={parsed.success ? null : parsed.issues}
      description={describeScenario(scenario, a.run)}
      resetHref={compareViewHref({ ...view, scenario: null })}
      tasks={aReport.tasks.map(({ key, name, weight }) => ({ key, name, weight }))}
      groups={aReport.groups.map(({ group, tasks }) => ({ group, tasks }))}
      declaredWeights={runTasks(a.run).map((t) => [t.key, t.weight])}
      taskChecks={commonTaskChecks([a.run, ...resolution.candidates.map((c) => c.run)])}
    />
  );
  return (
    <CompareView
      view={view}
      scenarioPanel={panel}
      order={resolution.order}
      a={toCompareRun(resolution.a.found, resolution.a.run)}
      candidates={resolution.candidates.map((c) => toCompareRun(c.found, c.run))}
      comparisons={resolution.candidates.map((c) => c.comparison)}
      robustness={resolution.candidates.map((c, i) =>
        robustness(aPolicies, policyReports(c.run, resolution.scenario, c.report), resolution.scenario, letter(i + 1)),
      )}
    />
  );
}
