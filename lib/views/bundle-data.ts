import type { RunFirstScreen } from "@/lib/scoring/view/first-screen";
import type { RunPageMeta } from "@/lib/views/run-page-meta";
import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { TraceEvidence } from "@/lib/views/rollout-trace";
import type { TrialTexts } from "@/lib/views/trial-texts";
import type { CheckHead, RolloutHead, TaskHead } from "@/lib/store/records";
import type { TraceRead } from "@/lib/traces";
import type { PagePlace, SiteMap } from "./site-map";

/*
 * What a static bundle's HTML hands its viewer script. The run (and the site map) are written once, in
 * data.js, which every page loads with a classic <script>: a file:// page may not fetch, but it may run a
 * script beside it. Each page's own part sits in the page as JSON (<script type="application/json">).
 */

/** data.js: `window.__tallyBundle = {...}`. */
export interface BundleData {
  /** The run's binary columns as base64 (components/run/run-source.ts). Absent in a compare bundle. */
  runBase64?: string;
  /** The run page's first screen, as the server would render it (as recorded, default tasks view). */
  first?: RunFirstScreen;
  metaJson?: string;
  site: SiteMap | null;
  /** What the size cap left out, said on every page. */
  dropped: string | null;
}

/**
 * What a rollout page shows besides the run: the stored rollout and every check, each text whole (a bundle has
 * no server to fetch the rest from; its size cap leaves out the heaviest pages instead), and what its raw files
 * read as.
 */
export interface StaticRollout {
  head: RolloutHead;
  checks: CheckHead[];
  trace: TraceRead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  evidence: TraceEvidence;
}

export type PageData =
  | ({ kind: "run" } & PagePlace)
  | ({ kind: "task"; task: TaskHead; checks: Record<string, CheckHead[]> } & PagePlace)
  | ({ kind: "rollout"; rollout: StaticRollout } & PagePlace)
  | ({ kind: "compare"; compareJson: string } & PagePlace);

export const PAGE_DATA_ID = "tally-page";
export const ROOT_ID = "tally-root";
export const BUNDLE_GLOBAL = "__tallyBundle";

export type { RunPageMeta };
