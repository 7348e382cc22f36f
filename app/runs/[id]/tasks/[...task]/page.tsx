import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { keyOfSegment, keyOfSegments, scenarioParamOf, taskHref } from "@/components/task/hrefs";
import { TaskPageBody } from "@/components/task/task-page-body";
import { taskGridPage } from "@/lib/api/check-pages";
import { gridPageRows } from "@/lib/scoring/view/check-pages";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";
import { isLive } from "@/lib/run-labels";

/** `task` holds the path segments as Next.js passes them: the key, or the key's slashes as written. */
type Params = Promise<{ id: string; task: string[] }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache(async (runId: string, key: string) => {
  const store = getStore();
  const [meta, task, run] = await Promise.all([
    store.getRun(runId),
    store.getTaskHead(runId, key),
    store.snapshot(runId).then((s) => s?.run ?? null),
  ]);
  return meta && task && run ? { meta, task, run } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id, task } = await params;
  // The page redirects such a URL (below): nothing to read for its title.
  if (task.length > 1) return {};
  const data = await load(id, keyOfSegments(task));
  return { title: data ? `${data.task.task.key} · ${data.meta.name}` : "Task not found" };
}

export default async function TaskPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, task: segments } = await params;
  const key = keyOfSegments(segments);
  const scenarioText = scenarioParamOf(await searchParams);
  // The slashes as written: answered with the one form the app links with.
  if (segments.length > 1) permanentRedirect(taskHref(id, key, scenarioText));
  const data = await load(id, key);
  if (!data) {
    // A row id in place of the key: redirect to the key's URL.
    const rowKey = segments.length === 1 ? await getStore().taskKeyOfRowId(id, keyOfSegment(segments[0]!)) : null;
    if (rowKey !== null) permanentRedirect(taskHref(id, rowKey, scenarioText));
    notFound();
  }
  // The grid's first rows under the page's scenario; the grid fetches the rest as the reader scrolls.
  const parsed = parseScenarioParam(scenarioText);
  const first = await taskGridPage(getStore(), id, data.run, key, parsed.success ? parsed.data : {}, {
    offset: 0,
    limit: gridPageRows(data.task.rollouts.length),
    failing: false,
  });
  return (
    <TaskPageBody
      id={id}
      runName={data.meta.name}
      task={data.task}
      grid={{ kind: "api", first }}
      run={data.run}
      scenarioText={scenarioText}
      live={isLive(data.meta.liveUntil)}
      series={data.meta.series}
    />
  );
}
