import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { keyOfSegment, keyOfSegments, scenarioParamOf, taskHref } from "@/lib/views/hrefs";
import { TaskPageBody } from "@/components/task/task-page-body";
import { taskView } from "@/lib/views/task-view";
import { getStore } from "@/lib/store/open-store";
import { taskTraceFilter } from "@/lib/views/trace-search";

/** `task` holds the path segments as Next.js passes them: the key, or the key's slashes as written. */
type Params = Promise<{ id: string; task: string[] }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache((runId: string, taskKey: string, scenarioText: string | null) =>
  taskView(getStore(), { runId, taskKey }, scenarioText),
);

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { id, task } = await params;
  // The page redirects such a URL (below): nothing to read for its title.
  if (task.length > 1) return {};
  const view = await load(id, keyOfSegments(task), scenarioParamOf(await searchParams));
  return { title: view ? `${view.task.key} · ${view.runName}` : "Task not found" };
}

export default async function TaskPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, task: segments } = await params;
  const key = keyOfSegments(segments);
  const search = await searchParams;
  const scenarioText = scenarioParamOf(search);
  // The slashes as written: answered with the one form the app links with.
  if (segments.length > 1) permanentRedirect(taskHref(id, key, scenarioText));
  const view = await load(id, key, scenarioText);
  if (!view) {
    // A row id in place of the key: redirect to the key's URL.
    const rowKey = segments.length === 1 ? await getStore().taskKeyOfRowId(id, keyOfSegment(segments[0]!)) : null;
    if (rowKey !== null) permanentRedirect(taskHref(id, rowKey, scenarioText));
    notFound();
  }
  const trace = await taskTraceFilter(getStore(), id, search.trace);
  return <TaskPageBody view={view} trace={trace} />;
}
