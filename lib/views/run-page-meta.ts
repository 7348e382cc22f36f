import { isLive } from "@/lib/run-labels";
import type { RunBrief, RunMeta, SharedRollouts } from "@/lib/store/records";

/** What the run page needs of a stored run besides its scoring data; plain JSON for the client. */
export interface RunPageMeta extends Pick<
  RunMeta,
  "id" | "name" | "agent" | "model" | "format" | "createdAt" | "ingestedAt" | "baseline" | "tags"
> {
  /** Format notes kept in the run's metadata: BenchFlow's regrade sentence, Harbor's own mean and why it differs. */
  regradeSummary: string | null;
  regradeReason: string | null;
  harborMean: number | null;
  harborMeanNote: string | null;
  /** The run marked as baseline when it is another run: the page offers to compare with it. */
  baselineRun: { id: string; name: string } | null;
  /** A watcher is ingesting into the run now: the page shows it and follows new rollouts. */
  live: boolean;
  /** The other runs holding some of this run's rollouts (`SharedRollouts`), most shared first. */
  shared: SharedRollouts[];
}

const text = (v: unknown) => (typeof v === "string" ? v : null);

export function toRunPageMeta(
  meta: RunMeta,
  baselineOfStore: RunBrief | null = null,
  shared: SharedRollouts[] = [],
  now: number = Date.now(),
): RunPageMeta {
  const { id, name, agent, model, format, createdAt, ingestedAt, baseline, tags, metadata } = meta;
  return {
    id,
    name,
    agent,
    model,
    format,
    createdAt,
    ingestedAt,
    baseline,
    tags,
    regradeSummary: text(metadata.regradeSummary),
    regradeReason: text(metadata.regradeReason),
    harborMean: typeof metadata.harborMean === "number" ? metadata.harborMean : null,
    harborMeanNote: text(metadata.harborMeanNote),
    baselineRun:
      baselineOfStore && baselineOfStore.id !== id ? { id: baselineOfStore.id, name: baselineOfStore.name } : null,
    live: isLive(meta.liveUntil, now),
    shared,
  };
}
