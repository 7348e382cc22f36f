import { use } from "react";
import Link from "@/components/ui/link";
import { runHref } from "@/lib/views/hrefs";
import { sharedRolloutsPhrase } from "@/lib/display/shared-rollouts";
import type { SharedRollouts } from "@/lib/views/records";

/**
 * Says when this run's rollouts are also another run's (the same files ingested twice, a job's trial folders
 * beside the job, the .eval and the .json of one Inspect log), so two runs of the same rollouts are not read as
 * two results. `shared` may be a promise (the server streams it: finding the runs matches every rollout of the
 * run, most of a second at 100,000, and the rest of the page does not wait for it), read inside a Suspense
 * boundary.
 */
export function SharedRolloutsNote({
  runId,
  rollouts,
  shared,
}: {
  runId: string;
  rollouts: number;
  shared: readonly SharedRollouts[] | Promise<readonly SharedRollouts[]>;
}) {
  const list = "then" in shared ? use(shared) : shared;
  if (list.length === 0) return null;
  return (
    <div className="callout" role="note" data-testid="shared-rollouts" style={{ marginBottom: 16 }}>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {list.map((other) => (
          <li key={other.runId}>
            This run {sharedRolloutsPhrase(rollouts, other)}.{" "}
            <Link href={runHref(other.runId)}>Open “{other.name}”</Link> ·{" "}
            <Link href={`/compare?runs=${encodeURIComponent(other.runId)},${encodeURIComponent(runId)}`}>compare</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
