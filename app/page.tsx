import Link from "next/link";
import { RunsTable } from "@/components/runs-table/data-table";
import { NoRuns } from "@/components/runs-table/empty-states";
import { getDb } from "@/lib/db/client";
import { listRuns } from "@/lib/db/queries/list-runs";
import { FORMAT_IDS } from "@/lib/formats/registry";
import { runsDeltaToBaseline } from "@/lib/scoring/report/baseline-deltas";

export const dynamic = "force-dynamic";

export default async function RunsPage() {
  const stored = await listRuns(getDb());
  const deltas = runsDeltaToBaseline(stored);
  const runs = stored.map((r) => ({ ...r, deltaToBaseline: deltas[r.id] ?? null }));
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
      {runs.length === 0 ? <NoRuns formats={FORMAT_IDS} /> : <RunsTable runs={runs} />}
    </>
  );
}
