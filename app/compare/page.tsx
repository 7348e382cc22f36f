import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { CompareScenario } from "@/components/compare/compare-scenario";
import { redirect } from "next/navigation";
import { CompareView } from "@/components/compare/compare-view";
import { letter, toCompareRun } from "@/lib/views/compare-run";
import { comparePanelFacts, compareRobustness, sharedWithA } from "@/lib/views/compare-panel";
import { PickRuns } from "@/components/compare/pick-runs";
import { compareViewHref, parseCompareView } from "@/components/compare/url-state";
import { resolveComparison } from "@/lib/compare/resolve";
import { summariseSaved } from "@/lib/scoring/scenario/named-scenario";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { runReviewFlips } from "@/lib/api/reviewed-scenario";
import { getStore } from "@/lib/store/open-store";
import { compareIdsOf } from "@/lib/store/run-by-name";
import { runSnapshot } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /compare?runs=a,b[,c]: A (an explicit `a`, else the baseline run, else the first listed) against each other
 * run, every figure from lib/compare's resolver. A run may be given by its name when one run has it (the page
 * redirects to its id). Fewer than two runs, an unknown one or a name several runs share: the picker.
 * `scenario` (the run page's JSON) scores both runs under a what-if scenario.
 * `?a=<A>&b=<B>` is redirected (308) to `?runs=<A>,<B>&a=<A>` by proxy.ts, before the page streams its skeleton.
 */
export default async function ComparePage({ searchParams }: Props) {
  const view = parseCompareView(await searchParams);
  const parsed = readScenarioParam(view.scenario);
  const { scenario } = parsed;
  const store = getStore();
  // A run named in place of its id: the page moves to the ids, so every link on it holds ids.
  const named = await compareIdsOf(store, view);
  if (named.ambiguous === null && (named.a !== view.a || named.runs.some((id, i) => id !== view.runs[i]))) {
    redirect(compareViewHref(view, { runs: named.runs, a: named.a, page: view.page }));
  }
  const resolution = await resolveComparison(
    { ...view, scenario },
    {
      find: (id) => store.getRun(id),
      load: (id) => runSnapshot(store, id),
      reviews: (id) => runReviewFlips(store, id),
    },
  );

  if (resolution.kind !== "compared") {
    const runs = await store.listRuns();
    return (
      <>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / Compare
        </nav>
        {named.ambiguous !== null ? (
          <p
            className="callout callout-error"
            role="alert"
            data-testid="compare-ambiguous"
            style={{ marginBottom: 16 }}
          >
            {named.ambiguous}.
          </p>
        ) : null}
        <PickRuns
          runs={runs}
          initial={resolution.found.map((m) => m.id)}
          unknown={resolution.kind === "unknown" && named.ambiguous === null ? resolution.unknown : []}
        />
      </>
    );
  }

  const a = resolution.a;
  const saved = await store.listScenarios();
  const compared = [a, ...resolution.candidates];
  const facts = comparePanelFacts(compared, resolution.scenario);
  const panel = (
    <CompareScenario
      saved={saved.map(summariseSaved)}
      issues={parsed.issues}
      resetHref={compareViewHref({ ...view, scenario: null })}
      {...facts}
    />
  );

  // Streamed: the page does not wait for the match of A's rollouts against every other run's.
  const shared = sharedWithA(store, resolution);

  return (
    <CompareView
      shared={shared}
      view={view}
      scenarioPanel={panel}
      order={resolution.order}
      a={toCompareRun(resolution.a.found, resolution.a.run, resolution.a.report)}
      candidates={resolution.candidates.map((c) => toCompareRun(c.found, c.run, c.report))}
      comparisons={resolution.candidates.map((c) => c.comparison)}
      robustness={resolution.candidates.map((c, i) => compareRobustness(a, c, resolution.scenario, letter(i + 1)))}
    />
  );
}
