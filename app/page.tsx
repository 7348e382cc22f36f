import Link from "@/components/ui/link";
import { RunsTable } from "@/components/runs-table/data-table";
import { NoRuns } from "@/components/runs-table/empty-states";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { runsDeltaToBaseline } from "@/lib/scoring/report/baseline-deltas";
import { withDeclaredHeadlines } from "@/lib/views/declared-headlines";
import { getStore } from "@/lib/store/open-store";
import { LiveRefresh } from "@/components/live/live-refresh";
import { isLive } from "@/lib/run-labels";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RunsPage({ searchParams }: Props) {
  const { deleted } = await searchParams;
  const store = getStore();
  const [stored, declared] = await Promise.all([store.listRuns(), store.declaredScenario()]);
  const deltas = runsDeltaToBaseline(stored);
  const runs = await withDeclaredHeadlines(
    store,
    stored.map((r) => ({ ...r, deltaToBaseline: deltas[r.id] ?? null, live: isLive(r.liveUntil) })),
    declared,
  );
  const live = runs.filter((r) => r.live).map((r) => ({ id: r.id, rollouts: r.summary?.rollouts ?? 0 }));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Runs</h1>
          <p>Every evaluation run stored here, with its headline score. Pick two or more to compare them.</p>
        </div>
        <Link href="/upload" className="button">
          Upload results
        </Link>
      </div>
      {typeof deleted === "string" && deleted !== "" ? (
        <p className="callout callout-info" role="status" data-testid="deleted-notice" style={{ marginBottom: 16 }}>
          Deleted run “{deleted.slice(0, 200)}”.
        </p>
      ) : null}
      {runs.length === 0 ? <NoRuns formats={FORMAT_IDS} /> : <RunsTable runs={runs} />}
      <LiveRefresh shown={live} />
    </>
  );
}
