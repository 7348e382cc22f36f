import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { ReviewQueue } from "@/components/review/review-queue";
import { reviewQueueHref, runHref } from "@/lib/views/hrefs";
import styles from "@/components/task/task-page.module.css";
import Link from "@/components/ui/link";
import { levers } from "@/lib/scoring/report/levers";
import { graderKindOf } from "@/lib/scoring/reviews/grader-kind";
import { GRADER_KINDS, type GraderKind } from "@/lib/scoring/reviews/review-types";
import { reviewQueue } from "@/lib/scoring/view/review-queue";
import { getStore } from "@/lib/store/open-store";
import { readRunReviews } from "@/lib/api/read-run-reviews";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `?grader=model`: the queue of one grader kind; anything else is the whole queue. */
const ZGraderParam = z.enum(GRADER_KINDS);

/** Verdicts a page holds: a reviewer works from the top; the rest is there after a reload. */
const QUEUE_PAGE = 500;

const load = cache(async (runId: string) => {
  const store = getStore();
  const [meta, snapshot, reviews] = await Promise.all([
    store.getRun(runId),
    store.snapshot(runId),
    readRunReviews(store, runId),
  ]);
  return meta && snapshot && reviews ? { meta, snapshot, reviews } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const data = await load((await params).id);
  return { title: data ? `Review · ${data.meta.name}` : "Run not found" };
}

/**
 * The review queue of a run: its graded verdicts, model-judged first, then by how far flipping each moves the
 * headline (every task's levers), then failures first.
 */
export default async function ReviewPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const data = await load(id);
  if (!data) notFound();
  const { run } = data.snapshot;
  const graderParam = ZGraderParam.safeParse((await searchParams).grader);
  const only: GraderKind | null = graderParam.success ? graderParam.data : null;
  const all = reviewQueue(run, levers(run, {}, Number.POSITIVE_INFINITY), (_task, check) =>
    graderKindOf(run.format, check),
  );
  const queue = only === null ? all : all.filter((q) => q.grader === only);
  const kinds = GRADER_KINDS.map((kind) => ({ kind, n: all.filter((q) => q.grader === kind).length })).filter(
    (k) => k.n > 0,
  );
  const base = reviewQueueHref(id);
  return (
    <>
      <header className={styles.header}>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / <Link href={runHref(id, null)}>{data.meta.name}</Link> / <span>Review</span>
        </nav>
        <h1 className={styles.title}>Review the verdicts of {data.meta.name}</h1>
        <p>
          {queue.length.toLocaleString("en-US")} graded verdicts, the ones that move the headline most first. A review
          never changes the recorded verdict; the run page shows the figures with the reviewed verdicts beside the
          recorded ones.
        </p>
        <nav aria-label="Grader kinds" data-testid="grader-filter">
          Graded by: {only === null ? <strong>all</strong> : <Link href={base}>all</Link>}
          {kinds.map(({ kind, n }) => (
            <span key={kind}>
              {" · "}
              {only === kind ? (
                <strong>
                  {kind} ({n.toLocaleString("en-US")})
                </strong>
              ) : (
                <Link href={`${base}?grader=${kind}`}>
                  {kind} ({n.toLocaleString("en-US")})
                </Link>
              )}
            </span>
          ))}
        </nav>
      </header>
      <ReviewQueue runId={id} items={queue.slice(0, QUEUE_PAGE)} total={queue.length} initialReviews={data.reviews} />
    </>
  );
}
