import { useEffect, useMemo, type ReactNode } from "react";
import { RolloutPageBody } from "@/components/rollout-page/rollout-page-body";
import { RunView } from "@/components/run/run-view";
import { readRunPageMeta } from "@/lib/views/run-payload";
import { snapshotOfBase64 } from "@/components/run/run-source";
import { TaskPageBody } from "@/components/task/task-page-body";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { taskViewOf } from "@/lib/views/task-view-model";
import { rolloutViewOf } from "@/lib/views/rollout-view-model";
import { unpackRollout } from "@/lib/views/bundle-pack";
import { detailOfAppPath } from "@/lib/views/site-map";
import { runHref } from "@/lib/views/hrefs";
import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { noTrace, type TraceRead } from "@/lib/traces";
import {
  CAPPED_TRACE,
  type BundleData,
  type BundleTrace,
  type DetailChunk,
  type PageData,
  type TraceChunk,
  type TraceIndex,
} from "@/lib/views/bundle-data";
import { StaticComparePage } from "./static-compare-page";
import { useRoute, useSearchParams } from "./navigation-shim";
import { useChunk, type Loaded } from "./chunks";
import Link from "./link-shim";

/** The raw `scenario` parameter of the page's URL, as the server pages read it (hrefs.ts scenarioParamOf). */
function useScenarioText(): string | null {
  const text = useSearchParams().get("scenario");
  return text === null || text.trim() === "" ? null : text;
}

type RunData = { snapshot: RunSnapshot; metaJson: string; detailChunks: number[]; tracesIndex: boolean };

/** What a detail route says while its chunk loads, when it fails, or when the copy has no such page. */
function Notice({ runId, children }: { runId: string; children: ReactNode }) {
  return (
    <section className="callout" data-testid="bundle-notice">
      <p>{children}</p>
      <p>
        <Link href={runHref(runId)}>Back to the run</Link>
      </p>
    </section>
  );
}

/** The number of the details chunk that holds the task at `index` (chunks start at ascending task indices). */
function chunkOf(starts: readonly number[], index: number): number {
  let at = 0;
  while (at + 1 < starts.length && starts[at + 1]! <= index) at++;
  return at;
}

/** A task's index in the columns' order, or -1. */
function taskIndexOf(snapshot: RunSnapshot, key: string): number {
  const { strings, taskKey } = snapshot.columns;
  for (let t = 0; t < taskKey.length; t++) if (strings[taskKey[t]!] === key) return t;
  return -1;
}

/** The trace of a rollout that has one: read from its traces chunk, or said left out by the cap. */
function useTrace(run: RunData, rolloutId: string | null): Loaded<BundleTrace | null> {
  const index = useChunk<TraceIndex>(rolloutId !== null && run.tracesIndex ? "traces/index" : null);
  const chunkNo = index.state === "ready" && index.data && rolloutId !== null ? index.data[rolloutId] : undefined;
  const chunk = useChunk<TraceChunk>(chunkNo === undefined ? null : `traces/${chunkNo}`);
  if (rolloutId === null) return { state: "ready", data: null };
  if (index.state !== "ready") return index;
  if (chunkNo === undefined) return { state: "ready", data: null };
  if (chunk.state !== "ready") return chunk;
  return { state: "ready", data: chunk.data?.[rolloutId] ?? null };
}

/** A task or rollout route: the app's own page body, its view computed here from the run's columns. */
function DetailPage({ run, detail }: { run: RunData; detail: { kind: "task" | "rollout"; key: string } }) {
  const { snapshot } = run;
  const meta = useMemo(() => readRunPageMeta(run.metaJson), [run.metaJson]);
  const param = readScenarioParam(useScenarioText());
  const taskKey = detail.kind === "task" ? detail.key : snapshot.taskOfRollout(detail.key);
  const index = taskKey === null ? -1 : taskIndexOf(snapshot, taskKey);
  const chunkNo = index < 0 ? null : chunkOf(run.detailChunks, index);
  const chunk = useChunk<DetailChunk>(chunkNo === null ? null : `details/${chunkNo}`);
  const data = chunk.state === "ready" ? chunk.data : null;
  const packed = data ? data.tasks[index - run.detailChunks[chunkNo!]!] : null;
  const task = useMemo(
    () =>
      data && packed ? { task: packed.task, rollouts: packed.rollouts.map((row) => unpackRollout(data, row)) } : null,
    [data, packed],
  );
  const rollout = detail.kind === "rollout" ? (task?.rollouts.find((r) => r.head.id === detail.key) ?? null) : null;
  const trace = useTrace(run, rollout && rollout.trace === null ? rollout.head.id : null);
  const viewRun = { id: meta.id, name: meta.name, live: false };
  const what = detail.kind === "task" ? `task "${detail.key}"` : `rollout "${detail.key}"`;

  if (index < 0) return <Notice runId={meta.id}>This run has no {what}.</Notice>;
  if (chunk.state === "loading") return <Notice runId={meta.id}>Loading the {what}…</Notice>;
  if (chunk.state === "error") return <Notice runId={meta.id}>{chunk.message}</Notice>;
  if (!task) return <Notice runId={meta.id}>This copy does not hold the {what}.</Notice>;
  if (detail.kind === "task") {
    const head = { task: task.task, rollouts: task.rollouts.map((r) => r.head) };
    const checks = Object.fromEntries(task.rollouts.map((r) => [r.head.id, r.checks]));
    const view = taskViewOf(snapshot, viewRun, head, param, { kind: "local", checks });
    if (!view) return <Notice runId={meta.id}>This run has no {what}.</Notice>;
    return <TaskPageBody view={view} />;
  }
  if (!rollout) return <Notice runId={meta.id}>This copy does not hold the {what}.</Notice>;
  if (trace.state === "loading") return <Notice runId={meta.id}>Loading the trace of the {what}…</Notice>;
  if (trace.state === "error") return <Notice runId={meta.id}>{trace.message}</Notice>;
  const read: { trace: TraceRead; evidence: BundleTrace["evidence"] } =
    rollout.trace !== null
      ? { trace: rollout.trace, evidence: rollout.evidence }
      : (trace.data ?? { trace: noTrace(CAPPED_TRACE), evidence: rollout.evidence });
  const { checks } = rollout;
  const view = rolloutViewOf(
    snapshot,
    viewRun,
    { rollout: rollout.head, checks, trialTexts: rollout.trialTexts, stateDiff: rollout.stateDiff, ...read },
    param,
    false,
  );
  if (!view) return <Notice runId={meta.id}>This run has no {what}.</Notice>;
  return (
    <RolloutPageBody
      view={view}
      traceFirstPage={read.trace.kind === "trace" ? read.trace.trace.steps.length : undefined}
    />
  );
}

/** The run of a bundle: its run page, or the task or rollout route the URL's fragment names. */
function RunPages({ bundle, runBase64 }: { bundle: BundleData; runBase64: string }) {
  const route = useRoute();
  const detail = detailOfAppPath(bundle.site, route.appPath);
  // The run's columns are decoded for a detail route only: the run page's worker decodes its own copy.
  const onDetail = detail !== null;
  const snapshot = useMemo(() => (onDetail ? snapshotOfBase64(runBase64) : null), [onDetail, runBase64]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [route.appPath]);
  const { first, metaJson } = bundle;
  if (first === undefined || metaJson === undefined) return null;
  if (detail && snapshot) {
    const run = {
      snapshot,
      metaJson,
      detailChunks: bundle.detailChunks ?? [0],
      tracesIndex: bundle.tracesIndex === true,
    };
    return <DetailPage key={route.appPath} run={run} detail={detail} />;
  }
  return <RunView first={first} metaJson={metaJson} source={{ base64: runBase64 }} scenarios={[]} declared={null} />;
}

/** The page of the bundle, under the note of what the size cap left out. */
export function StaticPage({
  state,
  runBase64,
}: {
  state: { bundle: BundleData; page: PageData };
  runBase64: string | null;
}) {
  const { bundle, page } = state;
  return (
    <>
      {bundle.dropped ? (
        <p className="callout" data-testid="bundle-dropped">
          {bundle.dropped}
        </p>
      ) : null}
      {page.kind === "compare" ? (
        <StaticComparePage compareJson={page.compareJson} />
      ) : runBase64 === null ? null : (
        <RunPages bundle={bundle} runBase64={runBase64} />
      )}
    </>
  );
}
