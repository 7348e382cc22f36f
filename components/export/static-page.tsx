import { useMemo } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { RunView } from "@/components/run/run-view";
import { readRunPageMeta } from "@/lib/views/run-payload";
import { snapshotOfBase64 } from "@/components/run/run-source";
import { TaskPageBody } from "@/components/task/task-page-body";
import { StaticComparePage } from "./static-compare-page";
import { notFound, useSearchParams } from "./navigation-shim";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { taskViewOf } from "@/lib/views/task-view-model";
import { rolloutViewOf } from "@/lib/views/rollout-view-model";
import type { BundleData, PageData } from "@/lib/views/bundle-data";

/** The raw `scenario` parameter of the page's URL, as the server pages read it (hrefs.ts scenarioParamOf). */
function useScenarioText(): string | null {
  const text = useSearchParams().get("scenario");
  return text === null || text.trim() === "" ? null : text;
}

/** A task or rollout page: the app's own page body, its view computed here from the run's columns in data.js. */
function DetailPage({
  bundle,
  page,
}: {
  bundle: Required<Pick<BundleData, "runBase64" | "metaJson">>;
  page: PageData;
}) {
  const snapshot = useMemo(() => snapshotOfBase64(bundle.runBase64), [bundle.runBase64]);
  const meta = useMemo(() => readRunPageMeta(bundle.metaJson), [bundle.metaJson]);
  const param = readScenarioParam(useScenarioText());
  const run = { id: meta.id, name: meta.name, live: false };
  if (page.kind === "task") {
    const view = taskViewOf(snapshot, run, page.task, param, { kind: "local", checks: page.checks });
    if (!view) notFound();
    return <TaskPageBody view={view} />;
  }
  if (page.kind !== "rollout") return null;
  const { head, trace, ...read } = page.rollout;
  const view = rolloutViewOf(snapshot, run, { ...read, rollout: head, trace }, param, false);
  if (!view) notFound();
  return <RolloutPageBody view={view} traceFirstPage={trace.kind === "trace" ? trace.trace.steps.length : undefined} />;
}

/** The page of the bundle this HTML file is, under the note of what the size cap left out. */
export function StaticPage({ state }: { state: { bundle: BundleData; page: PageData } }) {
  const { bundle, page } = state;
  const { runBase64, first, metaJson } = bundle;
  return (
    <>
      {bundle.dropped ? (
        <p className="callout" data-testid="bundle-dropped">
          {bundle.dropped}
        </p>
      ) : null}
      {page.kind === "compare" ? (
        <StaticComparePage compareJson={page.compareJson} />
      ) : runBase64 === undefined || metaJson === undefined || first === undefined ? null : page.kind === "run" ? (
        <RunView first={first} metaJson={metaJson} source={{ base64: runBase64 }} scenarios={[]} declared={null} />
      ) : (
        <DetailPage bundle={{ runBase64, metaJson }} page={page} />
      )}
    </>
  );
}
