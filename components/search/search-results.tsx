import Link from "@/components/ui/link";
import { count, plural } from "@/lib/display/format";
import { stepNumber } from "@/lib/views/hrefs";
import type { StepHit, TraceSearchResult } from "@/lib/views/trace-search";
import styles from "./search.module.css";

/** A snippet with its matches marked; every part is rendered as text. */
export function MarkedSnippet({ snippet }: { snippet: StepHit["snippet"] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  snippet.ranges.forEach(([start, end], n) => {
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={n}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return (
    <code className={styles.snippet}>
      {snippet.cutStart ? "…" : null}
      {parts}
      {snippet.cutEnd ? "…" : null}
    </code>
  );
}

function StepRow({ hit }: { hit: StepHit }) {
  return (
    <li className={styles.step}>
      <div className={styles.stepHead}>
        <Link href={hit.href} data-testid="search-step-link">
          Step {count(stepNumber(hit.step))}
        </Link>
        <span className="badge">{hit.source}</span>
        {hit.tool ? <span className={`badge ${styles.tool}`}>{hit.tool}</span> : null}
        {hit.isError ? <span className="badge badge-fail">error</span> : null}
      </div>
      <MarkedSnippet snippet={hit.snippet} />
    </li>
  );
}

/** The matching rollouts of one page, each with its first matching steps, and the links to the other pages. */
export function SearchResults({
  result,
  pageHref,
  taskHref,
}: {
  result: TraceSearchResult;
  /** The URL of another page of the same search. */
  pageHref: (page: number) => string;
  /** The URL of a task's page filtered to its rollouts that match (word searches), else null. */
  taskHref: ((task: string) => string) | null;
}) {
  const { total, page, pages } = result;
  return (
    <section aria-labelledby="search-results-title" data-testid="search-results">
      <h2 id="search-results-title" className={styles.summary}>
        {plural(total.rollouts, "rollout")} with {plural(total.steps, "matching step")}
      </h2>
      {result.complete ? null : (
        <p className="callout" role="status">
          The regular expression scan stopped at its step limit: later steps were not searched. Add a tool or error
          filter, or search words, to cover the whole run.
        </p>
      )}
      <ol className={styles.rollouts}>
        {result.rollouts.map((r) => (
          <li key={r.rolloutId} className={`card ${styles.rollout}`} data-testid="search-rollout">
            <div className={styles.rolloutHead}>
              <Link href={r.href} className={styles.rolloutId}>
                {r.rolloutId}
              </Link>
              {taskHref ? (
                <Link href={taskHref(r.task)} className="muted" data-testid="search-task-link">
                  task {r.task}
                </Link>
              ) : (
                <span className="muted">task {r.task}</span>
              )}
              <span className={r.passed ? "badge badge-pass" : "badge badge-fail"}>
                {r.passed ? "passed" : "failed"}
              </span>
              <span className={styles.hits}>{plural(r.hits, "matching step")}</span>
            </div>
            <ol className={styles.steps}>
              {r.steps.map((hit) => (
                <StepRow key={hit.step} hit={hit} />
              ))}
            </ol>
            {r.hits > r.steps.length ? (
              <p className={styles.more}>
                {plural(r.hits - r.steps.length, "more matching step")} in{" "}
                <Link href={r.href}>the rollout’s trace</Link> (its own search box finds them).
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Result pages">
          {page > 1 ? <Link href={pageHref(page - 1)}>← Previous</Link> : <span className="muted">← Previous</span>}
          <span>
            Page {count(page)} of {count(pages)}
          </span>
          {page < pages ? (
            <Link href={pageHref(page + 1)} data-testid="search-next-page">
              Next →
            </Link>
          ) : (
            <span className="muted">Next →</span>
          )}
        </nav>
      ) : null}
    </section>
  );
}
