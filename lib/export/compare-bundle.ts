import { toCompareRun } from "@/lib/views/compare-run";
import { embeddedRunSource } from "@/lib/views/run-payload";
import type { StaticComparison } from "@/lib/views/compare-run";
import type { Store } from "@/lib/store/store";
import type { BundleFile } from "./bundle-files";
import { dataJs, pageHtml } from "./html";
import { runSnapshot } from "@/lib/views/run-caches";

/** A run of a comparison: the store that holds it and its id there. */
export interface StoredRunRef {
  store: Store;
  runId: string;
}

/**
 * The static share bundle of a comparison, A (baseline) against B: the compare page as index.html, with both
 * runs embedded so that it recomputes in the browser. Null when either run is missing.
 */
export async function compareBundle(
  a: StoredRunRef,
  b: StoredRunRef,
  viewer: { js: string; css: string },
): Promise<BundleFile[] | null> {
  const side = async ({ store, runId }: StoredRunRef) => {
    const [meta, snapshot] = await Promise.all([store.getRun(runId), runSnapshot(store, runId)]);
    return meta && snapshot
      ? { run: toCompareRun(meta, snapshot.columns, snapshot.recorded), runBase64: embeddedRunSource(snapshot).base64 }
      : null;
  };
  const [first, second] = await Promise.all([side(a), side(b)]);
  if (!first || !second) return null;
  const data: StaticComparison = { a: first, b: second };
  const page = { kind: "compare" as const, compareJson: JSON.stringify(data) };
  return [
    { path: "viewer.js", data: viewer.js },
    { path: "viewer.css", data: viewer.css },
    { path: "data.js", data: dataJs({ site: null, dropped: null }) },
    { path: "index.html", data: pageHtml(page, `${second.run.name} vs ${first.run.name}`, ["data.js"]) },
  ];
}
