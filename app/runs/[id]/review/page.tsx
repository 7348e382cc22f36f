import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ReviewQueue } from "@/components/review/review-queue";
import { reviewQueueHref, runHref } from "@/lib/views/hrefs";
import styles from "@/components/task/task-page.module.css";
import Link from "@/components/ui/link";
import { count } from "@/lib/display/format";
import { getStore } from "@/lib/store/open-store";
import { reviewQueueView } from "@/lib/views/review-queue-view";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache((runId: string, grader: unknown) => reviewQueueView(getStore(), runId, grader));

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const view = await load((await params).id, (await searchParams).grader);
  return { title: view ? `Review · ${view.runName}` : "Run not found" };
}

/**
 * The review queue of a run: its graded verdicts, model-judged first, then by how far flipping each moves the
 * headline (every task's levers), then failures first.
 */
export default async function ReviewPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const view = await load(id, (await searchParams).grader);
  if (!view) notFound();
  const { only, kinds } = view;
  const base = reviewQueueHref(id);
  return (
    <>
      <header className={styles.header}>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / <Link href={runHref(id, null)}>{view.runName}</Link> / <span>Review</span>
        </nav>
        <h1 className={styles.title}>Review the verdicts of {view.runName}</h1>
        <p>
          {count(view.total)} graded verdicts, the ones that move the headline most first. A review never changes the
          recorded verdict; the run page shows the figures with the reviewed verdicts beside the recorded ones.
        </p>
        <nav aria-label="Grader kinds" data-testid="grader-filter">
          Graded by: {only === null ? <strong>all</strong> : <Link href={base}>all</Link>}
          {kinds.map(({ kind, n }) => (
            <span key={kind}>
              {" · "}
              {only === kind ? (
                <strong>
                  {kind} ({count(n)})
                </strong>
              ) : (
                <Link href={`${base}?grader=${kind}`}>
                  {kind} ({count(n)})
                </Link>
              )}
            </span>
          ))}
        </nav>
      </header>
      <ReviewQueue runId={id} items={view.items} total={view.total} initialReviews={view.reviews} />
    </>
  );
}
