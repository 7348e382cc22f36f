import { useMemo } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { RunView } from "@/components/run/run-view";
import { readRunPageMeta, readSnapshot } from "@/components/run/run-payload";
import { TaskPageBody } from "@/components/task/task-page-body";
import { StaticComparePage } from "./static-compare-page";
import { useSearchParams } from "./navigation-shim";
import type { BundleData, PageData } from "./page-data";

/** The raw `scenario` parameter of the page's URL, as the server pages read it (hrefs.ts scenarioParamOf). */
function useScenarioText(): string | null {
  const text = useSearchParams().get("scenario");
  return text === null || text.trim() === "" ? null : text;
}

/** A task or rollout page: the app's own page body, computed here from the run in data.js. */
function DetailPage({ bundle, page }: { bundle: Required<Pick<BundleData, "runJson" | "metaJson">>; page: PageData }) {
  const run = useMemo(() => readSnapshot(bundle.runJson).run, [bundle.runJson]);
  const meta = useMemo(() => readRunPageMeta(bundle.metaJson), [bundle.metaJson]);
  const scenarioText = useScenarioText();
  if (page.kind === "task")
    return <TaskPageBody id={meta.id} runName={meta.name} task={page.task} run={run} scenarioText={scenarioText} />;
  if (page.kind !== "rollout") return null;
  const { detail, trace, ...read } = page.rollout;
  return (
    <RolloutPageBody
      id={meta.id}
      runName={meta.name}
      rollout={detail}
      run={run}
      scenarioText={scenarioText}
      trace={trace}
      {...read}
      traceFirstPage={trace.kind === "trace" ? trace.trace.steps.length : undefined}
    />
  );
}

/** The page of the bundle this HTML file is, under the note of what the size cap left out. */
export function StaticPage({ state }: { state: { bundle: BundleData; page: PageData } }) {
  const { bundle, page } = state;
  const { runJson, metaJson } = bundle;
  return (
    <>
      {bundle.dropped ? (
        <p className="callout" data-testid="bundle-dropped">
          {bundle.dropped}
        </p>
      ) : null}
      {page.kind === "compare" ? (
        <StaticComparePage compareJson={page.compareJson} />
      ) : runJson === undefined || metaJson === undefined ? null : page.kind === "run" ? (
        <RunView runJson={runJson} metaJson={metaJson} scenarios={[]} />
      ) : (
        <DetailPage bundle={{ runJson, metaJson }} page={page} />
      )}
    </>
  );
}
