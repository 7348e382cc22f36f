import type { Metadata } from "next";
import Link from "next/link";
import { CompareView } from "@/components/compare/compare-view";
import { letter, toCompareRun } from "@/components/compare/compare-run";
import { PickRuns } from "@/components/compare/pick-runs";
import { parseCompareView } from "@/components/compare/url-state";
import { resolveComparison } from "@/lib/compare/resolve";
import { policyReports, robustness } from "@/lib/scoring/report/robustness";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /compare?runs=a,b[,c]: A (an explicit `a`, else the baseline run, else the first listed) against each other
 * run, every figure from lib/compare's resolver. Fewer than two runs, or an unknown one: the picker.
 * `?a=<A>&b=<B>` is redirected (308) to `?runs=<A>,<B>&a=<A>` by proxy.ts, before the page streams its skeleton.
 */
export default async function ComparePage({ searchParams }: Props) {
  const view = parseCompareView(await searchParams);
  const store = getStore();
  const resolution = await resolveComparison(view, {
    find: (id) => store.getRun(id),
    load: (id) => store.snapshot(id).then((s) => s?.run ?? null),
  });

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

  return (
    <CompareView
      view={view}
      order={resolution.order}
      a={toCompareRun(resolution.a.found, resolution.a.run)}
      candidates={resolution.candidates.map((c) => toCompareRun(c.found, c.run))}
      comparisons={resolution.candidates.map((c) => c.comparison)}
      robustness={resolution.candidates.map((c, i) =>
        robustness(
          policyReports(resolution.a.run, resolution.scenario, resolution.a.report),
          policyReports(c.run, resolution.scenario, c.report),
          resolution.scenario,
          letter(i + 1),
        ),
      )}
    />
  );
}
