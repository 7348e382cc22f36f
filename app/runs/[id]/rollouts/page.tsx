import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RolloutsList } from "@/components/rollouts/rollouts-list";
import { parseRolloutsView } from "@/components/rollouts/rollouts-view";
import { runHref, rolloutsHref, scenarioParamOf } from "@/lib/views/hrefs";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import styles from "@/components/task/task-page.module.css";
import { failureGroupsOfColumns } from "@/lib/scoring/report/failure-groups";
import { readScenarioParam } from "@/lib/views/scenario-param";
import { getStore } from "@/lib/store/open-store";
import { traceFilter } from "@/lib/views/trace-search";
import { rolloutListRows } from "@/lib/views/rollout-list";
import { runSnapshot } from "@/lib/views/run-caches";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache(async (runId: string) => {
  const store = getStore();
  const [meta, snapshot] = await Promise.all([store.getRun(runId), runSnapshot(store, runId)]);
  return meta && snapshot ? { meta, snapshot } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const data = await load((await params).id);
  return { title: data ? `Rollouts · ${data.meta.name}` : "Run not found" };
}

/**
 * Every rollout of a run, filtered by verdict (pass, fail, unscored) and by why it is unscored, with its
 * recorded measures, sorted by any column (`?sort=-tokens`).
 */
export default async function RolloutsPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const data = await load(id);
  if (!data) notFound();
  const search = await searchParams;
  const scenarioText = scenarioParamOf(search);
  const { scenario, carried, issues } = readScenarioParam(scenarioText);
  const { snapshot } = data;
  const { columns } = snapshot;
  const report = carried !== null ? snapshot.report(scenario) : snapshot.recorded;
  const rows = rolloutListRows(snapshot, report);
  const view = parseRolloutsView(search);
  const group =
    view.failure === null
      ? null
      : (failureGroupsOfColumns(columns, report.rollouts).find((g) => g.id === view.failure) ?? null);
  const trace = view.trace ? await traceFilter(getStore(), id, view.trace) : null;

  return (
    <>
      <ScenarioBanner description={report.scenarioDescription} issues={issues} recordedHref={rolloutsHref(id)} />
      <header className={styles.header}>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / <Link href={runHref(id, carried)}>{data.meta.name}</Link> / <span>Rollouts</span>
        </nav>
        <h1 className={styles.title}>Rollouts of {data.meta.name}</h1>
      </header>
      <RolloutsList runId={id} rows={rows} view={view} scenarioParam={carried} failureGroup={group} trace={trace} />
    </>
  );
}
