import type { LiveRuns } from "./schemas/live";
import { isLive } from "@/lib/run-labels";
import type { Store } from "@/lib/store/store";

/*
 * GET /api/live: the runs a watcher keeps live now, each with its stored rollout count. Open pages poll it while
 * what they show is live and refresh when a count changes or a run stops being live; it reads the runs' list
 * columns and one indexed count per live run, nothing of their checks.
 */

export async function liveRuns(store: Store, now: number = Date.now()): Promise<LiveRuns> {
  const live = (await store.listRuns()).filter((r) => isLive(r.liveUntil, now));
  const runs = await Promise.all(
    live.map(async (r) => ({ id: r.id, rollouts: await store.rolloutCount(r.id), liveUntil: r.liveUntil! })),
  );
  return { runs };
}
