import { z } from "zod";
import { graderKindOf } from "@/lib/scoring/reviews/grader-kind";
import { GRADER_KINDS, type GraderKind } from "@/lib/scoring/reviews/review-types";
import { reviewQueue, type QueueItem } from "@/lib/scoring/view/review-queue";
import type { RunReview } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { identityMemo } from "./identity-memo";
import { readRunReviews } from "./run-reviews";
import { runSnapshot } from "./run-caches";

/** `?grader=model`: the queue of one grader kind; anything else is the whole queue. */
const ZGraderParam = z.enum(GRADER_KINDS);

/** Verdicts a page holds: a reviewer works from the top; the rest is there after a reload. */
export const QUEUE_PAGE = 500;

/** The review queue page: everything it draws, serialisable. */
export interface ReviewQueueView {
  runId: string;
  runName: string;
  /** The first QUEUE_PAGE verdicts of the queue, in its order. */
  items: QueueItem[];
  /** Verdicts in the queue (of the grader kind asked for). */
  total: number;
  /** The grader kinds the run's verdicts have, with how many each. */
  kinds: { kind: GraderKind; n: number }[];
  /** The grader kind asked for, or null for all. */
  only: GraderKind | null;
  reviews: RunReview[];
}

/**
 * The review queue of a stored run: its graded verdicts, model-judged first, then by how far flipping each
 * moves the headline (every task's levers, scored from the run's columns), then failures first. `grader`: the
 * raw `grader` parameter. Null when there is no such run.
 */
export async function reviewQueueView(store: Store, runId: string, grader: unknown): Promise<ReviewQueueView | null> {
  const [meta, snapshot, reviews] = await Promise.all([
    store.getRun(runId),
    runSnapshot(store, runId),
    readRunReviews(store, runId),
  ]);
  if (!meta || !snapshot || !reviews) return null;
  const parsed = ZGraderParam.safeParse(grader);
  const only = parsed.success ? parsed.data : null;
  const queue = queues([snapshot.columns], "", () => queuePages(snapshot));
  const page = queue.pages.get(only ?? "all") ?? { items: [], total: 0 };
  return { runId, runName: meta.name, items: page.items, total: page.total, kinds: queue.kinds, only, reviews };
}

interface QueuePages {
  /** Per grader kind (and "all"): the queue's first QUEUE_PAGE verdicts and its length. */
  pages: Map<GraderKind | "all", { items: QueueItem[]; total: number }>;
  kinds: { kind: GraderKind; n: number }[];
}

/**
 * A run version's queue pages, kept with its columns: ordering every graded verdict (1,200,000 at 100,000
 * rollouts) takes seconds, and only the levers of the run as recorded and its checks decide it.
 */
const queues = identityMemo<QueuePages>();

function queuePages(snapshot: RunSnapshot): QueuePages {
  const { run } = snapshot;
  const all = reviewQueue(run, snapshot.leversUnder({}, Number.POSITIVE_INFINITY), (_task, check) =>
    graderKindOf(run.format, check),
  );
  const pages: QueuePages["pages"] = new Map([["all", { items: all.slice(0, QUEUE_PAGE), total: all.length }]]);
  const kinds: QueuePages["kinds"] = [];
  for (const kind of GRADER_KINDS) {
    const queue = all.filter((q) => q.grader === kind);
    pages.set(kind, { items: queue.slice(0, QUEUE_PAGE), total: queue.length });
    if (queue.length > 0) kinds.push({ kind, n: queue.length });
  }
  return { pages, kinds };
}
