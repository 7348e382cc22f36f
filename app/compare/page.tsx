import type { Metadata } from "next";
import Link from "next/link";
import { CompareView } from "@/components/compare/compare-view";
import { toCompareRun } from "@/components/compare/compare-run";
import { PickRuns } from "@/components/compare/pick-runs";
import { parseCompareView } from "@/components/compare/url-state";
import { compareRuns } from "@/lib/scoring/report/compare";
import { orderCompareRuns } from "@/lib/scoring/report/compare-order";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /compare?runs=a,b[,c]: A (an explicit `a`, else the baseline run, else the first listed) against each other
 * run, every figure from compareRuns. Fewer than two runs: the picker.
 */
export default async function ComparePage({ searchParams }: Props) {
  const view = parseCompareView(await searchParams);
  const store = getStore();
  const metas = await Promise.all(view.runs.slice(0, 3).map((id) => store.getRun(id)));
  const unknown = view.runs.slice(0, 3).filter((_, i) => !metas[i]);
  const found = metas.filter((m) => m !== null);
  const order =
    unknown.length === 0
      ? orderCompareRuns(view.runs, { a: view.a, baselineId: found.find((m) => m.baseline)?.id })
      : null;

  if (!order) {
    const runs = await store.listRuns();
    return (
      <>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / Compare
        </nav>
        <PickRuns runs={runs} initial={found.map((m) => m.id)} unknown={unknown} />
      </>
    );
  }

  const byId = new Map(found.map((m) => [m.id, m]));
  const [a, ...candidates] = await Promise.all(
    [order.a, ...order.candidates].map((id) => store.snapshot(id).then((s) => s?.run ?? null)),
  );
  if (!a || candidates.some((c) => !c)) {
    const runs = await store.listRuns();
    return <PickRuns runs={runs} initial={[]} unknown={view.runs} />;
  }
  const comparisons = candidates.map((b) => compareRuns(a, b!, { metric: view.metric ?? undefined }));
  return (
    <CompareView
      view={view}
      order={order}
      a={toCompareRun(byId.get(order.a)!)}
      candidates={order.candidates.map((id) => toCompareRun(byId.get(id)!))}
      comparisons={comparisons}
    />
  );
}
