import { useMemo } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { RunView } from "@/components/run/run-view";
import { readRunPageMeta } from "@/components/run/run-payload";
import { decodeRunBase64 } from "@/components/run/run-source";
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
function DetailPage({
  bundle,
  page,
}: {
  bundle: Required<Pick<BundleData, "runBase64" | "metaJson">>;
  page: PageData;
}) {
  const run = useMemo(() => decodeRunBase64(bundle.runBase64), [bundle.runBase64]);
  const meta = useMemo(() => readRunPageMeta(bundle.metaJson), [bundle.metaJson]);
  const scenarioText = useScenarioText();
  if (page.kind === "task")
    return (
      <TaskPageBody
        id={meta.id}
        runName={meta.name}
        task={page.task}
        grid={{ kind: "local", checks: page.checks }}
        run={run}
        scenarioText={scenarioText}
      />
    );
  if (page.kind !== "rollout") return null;
  const { head, checks, trace, ...read } = page.rollout;
  return (
    <RolloutPageBody
      id={meta.id}
      runName={meta.name}
      rollout={head}
      checks={checks}
      server={false}
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
