import { toRunPageMeta } from "@/lib/views/run-page-meta";
import { embeddedRunSource, runPageData } from "@/lib/views/run-payload";
import type { PageData, StaticRollout } from "@/lib/views/bundle-data";
import { pageFileName, type SiteMap } from "@/lib/views/site-map";
import { rolloutHref, runHref, taskHref } from "@/lib/views/hrefs";
import { checkRefsOf, readStoredTrace, traceEvidence } from "@/lib/views/rollout-trace";
import { checkHeadOf, rolloutHeadOf } from "@/lib/store/to-records";
import { readStoredStateDiff } from "@/lib/views/state-diff";
import { readTrialTexts } from "@/lib/views/trial-texts";
import type { Store } from "@/lib/store/store";
import { noTrace } from "@/lib/traces";
import { runTasks } from "@/lib/scoring/core/run-tasks";
import { applyCap, droppedSentence } from "./cap";
import { dataJs, pageHtml } from "./html";
import type { BundleFile } from "./bundle-files";

export interface BundleOptions {
  /** Total bytes the bundle may take (null: no cap). */
  maxBytes: number | null;
  /** The viewer's script and stylesheet (viewer-build.mjs). */
  viewer: { js: string; css: string };
}

export interface Bundle {
  /** The run's name. */
  name: string;
  files: BundleFile[];
  /** What the cap left out, as the pages say it; null when nothing was. */
  dropped: string | null;
}

export class BundleTooLarge extends Error {}

const size = (text: string) => Buffer.byteLength(text);

/** A bundle's pages hold every text whole: there is no server to fetch the rest from. */
const WHOLE = { key: Infinity, label: Infinity, text: Infinity };

/**
 * The static share bundle of a stored run: index.html (the run page, what-if included), one page per task
 * and one per rollout (with its trace), data.js and the viewer, under the size cap. Null when no run has
 * that id.
 */
export async function runBundle(store: Store, runId: string, options: BundleOptions): Promise<Bundle | null> {
  const [meta, snapshot] = await Promise.all([store.getRun(runId), store.snapshot(runId)]);
  if (!meta || !snapshot) return null;
  // A copy is a still picture: it never polls for rollouts landing, whether or not the run is being watched.
  const page = runPageData(
    snapshot,
    { ...toRunPageMeta(meta), live: false },
    { source: embeddedRunSource(snapshot), defaultTasksView: true },
  );
  const props = { runBase64: embeddedRunSource(snapshot).base64, first: page.first, metaJson: page.metaJson };
  const keys = runTasks(snapshot.run).map((t) => t.key);
  const ids = snapshot.run.rollouts.map((r) => r.id);
  const site: SiteMap = { runId, tasks: {}, rollouts: {} };
  keys.forEach((key, i) => (site.tasks[key] = pageFileName(i, key)));
  ids.forEach((id, i) => (site.rollouts[id] = pageFileName(i, id)));

  const fixed: BundleFile[] = [
    { path: "viewer.js", data: options.viewer.js },
    { path: "viewer.css", data: options.viewer.css },
    {
      path: "index.html",
      data: pageHtml({ kind: "run", appPath: runHref(runId), file: "index.html", root: "" }, meta.name),
    },
  ];
  for (const key of keys) {
    const task = await store.getTask(runId, key);
    if (!task) continue;
    const file = site.tasks[key]!;
    const page: PageData = {
      kind: "task",
      task: { task: task.task, rollouts: task.rollouts.map((r) => rolloutHeadOf(r, Infinity)) },
      checks: Object.fromEntries(task.rollouts.map((r) => [r.id, r.checks.map((c) => checkHeadOf(c, WHOLE))])),
      appPath: taskHref(runId, key),
      file,
      root: "../",
    };
    fixed.push({ path: `tasks/${file}`, data: pageHtml(page, `${key} · ${meta.name}`) });
  }

  // Each rollout page is rendered with and without its trace, so the cap knows what each costs.
  const rollouts: { id: string; full: string; bare: string }[] = [];
  for (const id of ids) {
    const detail = await store.getRollout(runId, id);
    if (!detail) continue;
    const file = site.rollouts[id]!;
    const [trace, trialTexts, stateDiff] = await Promise.all([
      readStoredTrace(store, detail),
      readTrialTexts(store, detail),
      readStoredStateDiff(store, detail),
    ]);
    const render = (rollout: StaticRollout) =>
      pageHtml(
        { kind: "rollout", rollout, appPath: rolloutHref(runId, id), file, root: "../" },
        `${id} · ${meta.name}`,
      );
    const head = rolloutHeadOf(detail, Infinity);
    const checks = detail.checks.map((c) => checkHeadOf(c, WHOLE));
    const refs = checkRefsOf(detail);
    const evidenceOf = (read: typeof trace) => traceEvidence(refs, detail.agentOutput, read);
    const full = render({ head, checks, trace, trialTexts, stateDiff, evidence: evidenceOf(trace) });
    const noSteps = noTrace("left out of this shared copy by its size cap");
    const bare =
      trace.kind === "none"
        ? full
        : render({ head, checks, trace: noSteps, trialTexts, stateDiff, evidence: evidenceOf(noSteps) });
    rollouts.push({ id, full, bare });
  }

  // data.js listing every page, with the longest sentence the cap can write, bounds the data.js written after it.
  const everything = new Set(ids);
  const longest = droppedSentence(
    { withoutTrace: everything, withoutPage: everything, total: 0 },
    ids.length,
    options.maxBytes,
  );
  const fullData = dataJs({ ...props, site, dropped: longest });
  const outcome = applyCap(
    {
      fixed: size(fullData) + fixed.reduce((sum, f) => sum + size(f.data as string), 0),
      rollouts: rollouts.map((r) => ({ id: r.id, page: size(r.bare), trace: size(r.full) - size(r.bare) })),
    },
    options.maxBytes,
  );
  if (options.maxBytes !== null && outcome.total > options.maxBytes)
    throw new BundleTooLarge(
      `the run page, its task pages and the viewer alone take ${outcome.total} bytes, over the cap of ${options.maxBytes}`,
    );
  for (const id of outcome.withoutPage) delete site.rollouts[id];
  const dropped = droppedSentence(outcome, rollouts.length, options.maxBytes);
  const files = [...fixed, { path: "data.js", data: dataJs({ ...props, site, dropped }) }];
  for (const r of rollouts) {
    if (outcome.withoutPage.has(r.id)) continue;
    files.push({ path: `rollouts/${site.rollouts[r.id]!}`, data: outcome.withoutTrace.has(r.id) ? r.bare : r.full });
  }
  return { name: meta.name, files, dropped };
}
