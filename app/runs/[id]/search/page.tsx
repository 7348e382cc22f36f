import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SearchForm } from "@/components/search/search-form";
import searchStyles from "@/components/search/search.module.css";
import type { TSearchQuery } from "@/lib/api/schemas/search";
import { readSearchParams, writeSearchParams } from "@/components/search/search-query";
import { SearchResults } from "@/components/search/search-results";
import styles from "@/components/task/task-page.module.css";
import Link from "@/components/ui/link";
import { count, plural } from "@/lib/display/format";
import { getStore } from "@/lib/store/open-store";
import { rolloutsHref, runHref, runSearchHref, taskTraceHref } from "@/lib/views/hrefs";
import { traceSearchQuery, searchRunTraces, SearchQueryError, type TraceSearchResult } from "@/lib/views/trace-search";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const run = await getStore().getRunBrief((await params).id);
  return { title: run ? `Search traces · ${run.name}` : "Run not found" };
}

/**
 * Search across a run's traces (docs/traces.md#search): which rollouts, which steps, the match marked in each
 * step's snippet and a link to the step on its rollout's page. The search is the page's URL.
 */
export default async function SearchPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const store = getStore();
  const run = await store.getRunBrief(id);
  if (!run) notFound();
  const asked = readSearchParams(await searchParams);
  let result: TraceSearchResult | null = null;
  let error = asked.kind === "invalid" ? asked.message : null;
  if (asked.kind === "query") {
    const q = asked.query;
    try {
      result = await searchRunTraces(store, id, traceSearchQuery(q));
    } catch (e) {
      if (!(e instanceof SearchQueryError)) throw e;
      error = e.message;
    }
    if (!result && !error) notFound();
  }
  const [tools, index] = await Promise.all([store.traceTools(id), store.traceSearchState(id)]);
  const query: Partial<TSearchQuery> = asked.kind === "query" ? asked.query : {};
  const base = runSearchHref(id);
  // Word searches filter a task's rollouts by the same words (the task page's `trace=`).
  const words = query.mode === "words" && query.q ? query.q : null;
  return (
    <>
      <header className={styles.header}>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / <Link href={runHref(id, null)}>{run.name}</Link> / <span>Search traces</span>
        </nav>
        <h1 className={styles.title}>Search the traces of {run.name}</h1>
        {index ? (
          <p className="muted" data-testid="search-index">
            {plural(index.steps, "step")} of {plural(index.indexed, "trace")} indexed
            {index.skipped > 0 ? `; ${plural(index.skipped, "trace")} could not be read and are not searched` : ""}
            {index.pending > 0
              ? `; ${plural(index.pending, "rollout")} not read yet: the first search reads them (about a second per hundred)`
              : ""}
            .
          </p>
        ) : null}
      </header>
      <SearchForm key={writeSearchParams(query)} action={base} query={query} tools={tools} />
      {error ? (
        <div className="callout callout-error" role="alert" data-testid="search-error">
          <strong>This search cannot run.</strong> {error}. Change the query above and press Enter.
        </div>
      ) : result && result.total.rollouts === 0 ? (
        <div className="empty-state" data-testid="search-empty">
          <h2>No step matches “{query.q}”</h2>
          <p>
            {query.mode === "phrase"
              ? "A phrase matches its words in order: try every word instead."
              : "Every word must be in one step: try fewer words"}
            {query.tool || query.errors === "1" || query.source ? (
              <>
                {", or "}
                <Link href={`${base}?${writeSearchParams({ q: query.q, mode: query.mode })}`}>
                  search without the filters
                </Link>
              </>
            ) : null}
            .
          </p>
        </div>
      ) : result ? (
        <>
          {query.mode === "words" && query.q ? (
            <p className={searchStyles.listLink}>
              <Link
                href={rolloutsHref(id, new URLSearchParams({ trace: query.q }).toString())}
                data-testid="search-rollouts-list"
              >
                These rollouts in the rollouts list
              </Link>{" "}
              <span className="muted">(the words anywhere in a step, without the filters)</span>
            </p>
          ) : null}
          <SearchResults
            result={result}
            pageHref={(page) => `${base}?${writeSearchParams({ ...query, page })}`}
            taskHref={words === null ? null : (task) => taskTraceHref(id, task, words)}
          />
        </>
      ) : (
        <div className="empty-state" data-testid="search-start">
          <h2>Which rollouts did what?</h2>
          <p>
            Type words (every one must be in the same step), a phrase, or a regular expression, and press Enter. Esc
            clears the box.
          </p>
          {tools.length > 0 ? (
            <div className={searchStyles.tools}>
              <span>Tools these traces call:</span>
              {tools.slice(0, 12).map((t) => (
                <Link key={t.tool} href={`${base}?${writeSearchParams({ q: t.tool, mode: "phrase", tool: t.tool })}`}>
                  {t.tool} ({count(t.steps)})
                </Link>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
