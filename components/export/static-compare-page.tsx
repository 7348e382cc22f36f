import { useMemo } from "react";
import type { StaticComparison } from "@/lib/views/compare-run";
import { CompareView } from "@/components/compare/compare-view";
import { parseCompareView } from "@/components/compare/url-state";
import { decodeRunBase64 } from "@/components/run/run-source";
import { compareRuns } from "@/lib/scoring/report/compare";
import { orderCompareRuns } from "@/lib/scoring/report/compare-order";
import { useSearchParams } from "./navigation-shim";

/**
 * The compare page of a static bundle: A and B fixed, everything else the URL's (which is A after a swap,
 * the metric, the task table's view), compared here as the server's compare page does.
 */
export function StaticComparePage({ compareJson }: { compareJson: string }) {
  const data = useMemo(() => JSON.parse(compareJson) as StaticComparison, [compareJson]);
  const runs = useMemo(
    () => new Map([data.a, data.b].map((side) => [side.run.id, { ...side, scoring: decodeRunBase64(side.runBase64) }])),
    [data],
  );
  const params = useSearchParams();
  const ids = [data.a.run.id, data.b.run.id];
  const asked = parseCompareView(params);
  const view = { ...asked, runs: ids };
  const order = orderCompareRuns(ids, { a: asked.a ?? data.a.run.id })!;
  const a = runs.get(order.a)!;
  const b = runs.get(order.candidates[0]!)!;
  const comparison = useMemo(
    () => compareRuns(a.scoring, b.scoring, { metric: view.metric ?? undefined }),
    [a, b, view.metric],
  );
  return <CompareView view={view} order={order} a={a.run} candidates={[b.run]} comparisons={[comparison]} staticSite />;
}
