import type { Store } from "@/lib/store/store";
import type { MatchedStep, StepFilter, TraceSearchProgress } from "@/lib/store/trace-search-rows";
import type { StepSource } from "@/lib/traces";
import {
  highlightPattern,
  matchRanges,
  queryWords,
  snippetOf,
  type MatchRange,
  type SearchMode,
  type Snippet,
} from "@/lib/traces/search-match";
import { SEARCH_LIMITS } from "@/lib/traces/search-limits";
import { rolloutHref, stepHref } from "./hrefs";
import { regexMatches, RegexTimeout } from "./regex-scan";
import { backfillTraceSearch } from "./trace-search-backfill";

/*
 * Search across a run's traces (docs/traces.md#search): which rollouts, which steps, each with a snippet and
 * its matches marked. Words and phrases go through the databases' full-text indexes; a regular expression is
 * run over the stored step texts in bounded chunks on a worker thread, stopped at a deadline.
 */

export { SEARCH_LIMITS };

const SCAN_CHUNK = 1_000;

export interface TraceSearchQuery extends StepFilter {
  q: string;
  mode: SearchMode;
  page: number;
  pageSize: number;
}

/** A search as its URL, the API and the CLI ask for it (`errors=1`, `limit`), as searchRunTraces takes it. */
export function traceSearchQuery(asked: {
  q: string;
  mode: SearchMode;
  tool?: string | null;
  errors?: string;
  source?: StepSource | null;
  page: number;
  limit: number;
}): TraceSearchQuery {
  return {
    q: asked.q,
    mode: asked.mode,
    tool: asked.tool ?? null,
    errorsOnly: asked.errors === "1",
    source: asked.source ?? null,
    page: asked.page,
    pageSize: asked.limit,
  };
}

export interface StepHit {
  step: number;
  source: StepSource;
  tool: string | null;
  isError: boolean;
  snippet: Snippet;
  /** The rollout page, scrolled to this step and highlighting it. */
  href: string;
}

export interface RolloutHit {
  rolloutId: string;
  task: string;
  passed: boolean;
  /** Matching steps of the rollout; `steps` lists the first few. */
  hits: number;
  steps: StepHit[];
  href: string;
}

export interface TraceSearchResult {
  index: TraceSearchProgress;
  total: { rollouts: number; steps: number };
  /** False when a regular expression scan stopped at its step limit: later steps were not searched. */
  complete: boolean;
  page: number;
  pageSize: number;
  pages: number;
  rollouts: RolloutHit[];
}

/** A query search cannot run, with the parameter at fault and what to change. */
export class SearchQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The pattern of a regular expression query, or SearchQueryError naming why it does not compile. */
export function compileRegex(q: string): RegExp {
  if (q.length > SEARCH_LIMITS.regex)
    throw new SearchQueryError("q", `a regular expression is at most ${SEARCH_LIMITS.regex} characters`);
  try {
    return new RegExp(q, "giu");
  } catch (error) {
    throw new SearchQueryError("q", `not a valid regular expression: ${(error as Error).message}`);
  }
}

/** The words of a words or phrase query, or SearchQueryError when it has none. */
export function wordsOf(q: string): string[] {
  const words = queryWords(q);
  if (words.length === 0) throw new SearchQueryError("q", "the query has no words (letters or digits) to search for");
  return words;
}

/** The run's index, completed first when rollouts stored before it (or since) have not been read. */
async function readyIndex(store: Store, runId: string): Promise<TraceSearchProgress | null> {
  const state = await store.traceSearchState(runId);
  if (!state || state.pending === 0) return state;
  await backfillTraceSearch(store, runId);
  return store.traceSearchState(runId);
}

function stepHit(runId: string, rolloutId: string, step: MatchedStep, ranges: readonly MatchRange[]): StepHit {
  return {
    step: step.step,
    source: step.source,
    tool: step.tool,
    isError: step.isError,
    snippet: snippetOf(step.text, ranges),
    href: stepHref(runId, rolloutId, step.step),
  };
}

/** Searches a run's traces; null for an unknown run. Throws SearchQueryError for a query that cannot run. */
export async function searchRunTraces(
  store: Store,
  runId: string,
  query: TraceSearchQuery,
): Promise<TraceSearchResult | null> {
  if (query.q.length > SEARCH_LIMITS.query)
    throw new SearchQueryError("q", `the query is at most ${SEARCH_LIMITS.query} characters`);
  const regex = query.mode === "regex" ? compileRegex(query.q) : null;
  const words = regex ? [] : wordsOf(query.q);
  const index = await readyIndex(store, runId);
  if (!index) return null;
  const found = regex ? await scanRegex(store, runId, query, regex) : await fullText(store, runId, query, words);
  return {
    index,
    ...found,
    page: query.page,
    pageSize: query.pageSize,
    pages: Math.ceil(found.total.rollouts / query.pageSize),
  };
}

type Found = Pick<TraceSearchResult, "total" | "complete" | "rollouts">;

async function fullText(store: Store, runId: string, query: TraceSearchQuery, words: string[]): Promise<Found> {
  const mode = query.mode === "phrase" ? "phrase" : "all";
  const result = await store.searchStepText(runId, {
    ...query,
    mode,
    words,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    stepsPerRollout: SEARCH_LIMITS.stepsPerRollout,
  });
  const pattern = highlightPattern(query.mode === "phrase" ? "phrase" : "words", words);
  return {
    total: { rollouts: result.rollouts, steps: result.steps },
    complete: true,
    rollouts: result.page.map((r) => ({
      rolloutId: r.rolloutId,
      task: r.task,
      passed: r.passed,
      hits: r.hits,
      href: rolloutHref(runId, r.rolloutId),
      steps: r.steps.map((s) => stepHit(runId, r.rolloutId, s, matchRanges(s.text, pattern))),
    })),
  };
}

async function scanRegex(store: Store, runId: string, query: TraceSearchQuery, pattern: RegExp): Promise<Found> {
  // The budget is the pattern's own time: reading the chunks is bounded by the step limit instead.
  let spent = 0;
  const byRollout = new Map<string, RolloutHit>();
  let steps = 0;
  let scanned = 0;
  let after = 0;
  const first = (query.page - 1) * query.pageSize;
  for (;;) {
    const chunk = await store.scanSteps(runId, query, after, SCAN_CHUNK);
    if (chunk.length === 0) break;
    let found: [number, number][][];
    try {
      const started = Date.now();
      found = await regexMatches(
        pattern,
        chunk.map((s) => s.text),
        started + SEARCH_LIMITS.regexMs - spent,
      );
      spent += Date.now() - started;
    } catch (error) {
      if (error instanceof RegexTimeout)
        throw new SearchQueryError(
          "q",
          `the regular expression took longer than ${SEARCH_LIMITS.regexMs / 1000} s; make it more specific (nested repeats such as (a+)+ backtrack without end)`,
        );
      throw error;
    }
    chunk.forEach((s, n) => {
      const ranges = found[n]!;
      if (ranges.length === 0) return;
      steps++;
      let hit = byRollout.get(s.rolloutId);
      if (!hit) {
        hit = { rolloutId: s.rolloutId, task: s.task, passed: s.passed, hits: 0, steps: [], href: "" };
        byRollout.set(s.rolloutId, hit);
      }
      hit.hits++;
      if (hit.steps.length < SEARCH_LIMITS.stepsPerRollout) hit.steps.push(stepHit(runId, s.rolloutId, s, ranges));
    });
    scanned += chunk.length;
    after = chunk[chunk.length - 1]!.id;
    if (scanned >= SEARCH_LIMITS.scanSteps) break;
  }
  const all = [...byRollout.values()].sort((a, b) =>
    a.rolloutId < b.rolloutId ? -1 : a.rolloutId > b.rolloutId ? 1 : 0,
  );
  // Steps of a rollout arrive in stored order, which is step order within the rollout.
  for (const hit of all) {
    hit.href = rolloutHref(runId, hit.rolloutId);
    hit.steps.sort((a, b) => a.step - b.step);
  }
  return {
    total: { rollouts: all.length, steps },
    complete: scanned < SEARCH_LIMITS.scanSteps,
    rollouts: all.slice(first, first + query.pageSize),
  };
}

/** Rollout ids a filter of lists may hold at most (a run's rollouts, in practice). */
const FILTER_LIMIT = 1_000_000;

/**
 * The ids of a run's rollouts whose trace has a step holding every word of `q` (the `trace=` filter of the
 * rollouts list and the task grid), the index completed first; null for an unknown run. Throws
 * SearchQueryError for words it cannot search.
 */
export async function rolloutsWithTraceWords(store: Store, runId: string, q: string): Promise<Set<string> | null> {
  const words = wordsOf(q);
  if (!(await readyIndex(store, runId))) return null;
  return new Set(await store.rolloutsMatching(runId, { mode: "all", words }, FILTER_LIMIT));
}

/** The `trace=` filter of a list as its page shows it: the matching rollout ids, or why the words cannot be searched. */
export async function traceFilter(
  store: Store,
  runId: string,
  q: string,
): Promise<{ matches: Set<string> } | { error: string }> {
  try {
    return { matches: (await rolloutsWithTraceWords(store, runId, q)) ?? new Set() };
  } catch (error) {
    if (error instanceof SearchQueryError) return { error: error.message };
    throw error;
  }
}

/** `?trace=` words on a task page: the task's rollouts whose trace has a step with every word, or why none can. */
export type TaskTraceFilter = { words: string; matches: readonly string[] } | { words: string; error: string };

/** The task page's trace filter of `words` (the raw `trace` parameter); null when there are none. */
export async function taskTraceFilter(store: Store, runId: string, words: unknown): Promise<TaskTraceFilter | null> {
  const trimmed = typeof words === "string" ? words.trim() : "";
  if (trimmed === "") return null;
  const found = await traceFilter(store, runId, trimmed);
  return "error" in found ? { words: trimmed, error: found.error } : { words: trimmed, matches: [...found.matches] };
}
