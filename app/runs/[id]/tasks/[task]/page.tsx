import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { keyOfSegment, scenarioParamOf, taskHref } from "@/components/task/hrefs";
import { TaskPageBody } from "@/components/task/task-page-body";
import { getStore } from "@/lib/store/open-store";
import { isLive } from "@/lib/run-labels";

type Params = Promise<{ id: string; task: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `task` is the path segment as Next.js passes it; the task key is that segment decoded. */
const load = cache(async (runId: string, segment: string) => {
  const store = getStore();
  const [meta, task, run] = await Promise.all([
    store.getRun(runId),
    store.getTask(runId, keyOfSegment(segment)),
    store.snapshot(runId).then((s) => s?.run ?? null),
  ]);
  return meta && task && run ? { meta, task, run } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id, task } = await params;
  const data = await load(id, task);
  return { title: data ? `${data.task.task.key} · ${data.meta.name}` : "Task not found" };
}

export default async function TaskPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, task: segment } = await params;
  const data = await load(id, segment);
  const scenarioText = scenarioParamOf(await searchParams);
  if (!data) {
    // A row id in place of the key: redirect to the key's URL.
    const key = await getStore().taskKeyOfRowId(id, keyOfSegment(segment));
    if (key !== null) permanentRedirect(taskHref(id, key, scenarioText));
    notFound();
  }
  return (
    <TaskPageBody
      id={id}
      runName={data.meta.name}
      task={data.task}
      run={data.run}
      scenarioText={scenarioText}
      live={isLive(data.meta.liveUntil)}
    />
  );
}
