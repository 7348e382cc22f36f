/**
 * Links between the run, task and rollout pages, addressed by the keys the result files use: a task by its key
 * (`finance/TASK-007` → `/runs/<run>/tasks/finance%2FTASK-007`), a rollout by its id. Every link the app builds
 * comes from here and writes each key as one path segment, encoded with encodeURIComponent, so `/`, `#`, `?`,
 * `%`, spaces and any unicode round-trip. The pages also take a key's slashes as written
 * (`/tasks/finance/TASK-007`, a catch-all route; keyOfSegments) and answer it with a redirect to this form.
 *
 * A what-if scenario set on one page travels with the user: the raw `scenario` parameter is carried over
 * unchanged (only when it parsed, so a broken one is not spread).
 */
import type { RolloutRef } from "./side-by-side";

export function withScenario(path: string, scenarioParam: string | null): string {
  if (scenarioParam === null || scenarioParam.trim() === "") return path;
  return `${path}?${new URLSearchParams({ scenario: scenarioParam }).toString()}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * One path segment. encodeURIComponent throws on a lone surrogate, which no stored key holds (both databases
 * keep UTF-8); it becomes U+FFFD rather than break the page that links it. "." and ".." cannot be addressed:
 * URL parsing removes dot segments however they are encoded.
 */
const segment = (key: string) => encodeURIComponent(key.replace(LONE_SURROGATE, "\uFFFD"));

export function runHref(runId: string, scenarioParam: string | null = null): string {
  return withScenario(`/runs/${segment(runId)}`, scenarioParam);
}

/** The review queue of a run (docs/scoring.md#reviews). */
export function reviewQueueHref(runId: string): string {
  return `/runs/${segment(runId)}/review`;
}

export function taskHref(runId: string, taskKey: string, scenarioParam: string | null = null): string {
  return withScenario(`/runs/${segment(runId)}/tasks/${segment(taskKey)}`, scenarioParam);
}

/** A task's page showing only the rollouts whose trace has a step with every one of `words` (`?trace=`). */
export function taskTraceHref(runId: string, taskKey: string, words: string): string {
  return `${taskHref(runId, taskKey)}?${new URLSearchParams({ trace: words }).toString()}`;
}

export function rolloutHref(runId: string, rolloutId: string, scenarioParam: string | null = null): string {
  return withScenario(`/runs/${segment(runId)}/rollouts/${segment(rolloutId)}`, scenarioParam);
}

/** The number a step is shown with (its index counts from 0). */
export const stepNumber = (index: number): number => index + 1;

/** The id of a step's element on the rollout page (components/evidence/anchors.ts). */
export const stepAnchor = (index: number): string => `trace-step-${stepNumber(index)}`;

/** A rollout page scrolled to one step of its trace, which the page highlights. */
export function stepHref(runId: string, rolloutId: string, stepIndex: number): string {
  return `${rolloutHref(runId, rolloutId)}#${stepAnchor(stepIndex)}`;
}

/** The run's trace search page; `query` (no "?") holds the search (components/search/search-form.tsx). */
export function runSearchHref(runId: string, query = ""): string {
  return `/runs/${segment(runId)}/search${query === "" ? "" : `?${query}`}`;
}

/** The run's rollouts list; `query` (no "?") holds its filters and the scenario (components/rollouts/rollouts-view.ts). */
export function rolloutsHref(runId: string, query = ""): string {
  return `/runs/${segment(runId)}/rollouts${query === "" ? "" : `?${query}`}`;
}

/** The `scenario` search parameter as one string, or null (repeated parameters: the first). */
export function scenarioParamOf(searchParams: Record<string, string | string[] | undefined>): string | null {
  const value = searchParams.scenario;
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? null : text;
}

/**
 * The key a task or rollout page was addressed by, from its path segment as Next.js hands it to the page
 * (still percent-encoded). A segment that does not decode is taken as it is, so it finds no key and the page
 * answers 404.
 */
export function keyOfSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The key a task or rollout page was addressed by, from its catch-all segments: one segment as links write it
 * (`finance%2FTASK-007`), or the key's slashes as written (`finance`, `TASK-007`).
 */
export function keyOfSegments(segments: readonly string[]): string {
  return segments.map(keyOfSegment).join("/");
}

/** A query value kept readable: `:` and `/` are legal in a query and stay as they are. */
const queryValue = (text: string) =>
  encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD")).replace(/%3A/g, ":").replace(/%2F/g, "/");

/** The parameters naming the rollouts of a side by side, in column order: two to four of them. */
export const SIDE_BY_SIDE_LETTERS = ["a", "b", "c", "d"] as const;

/**
 * The side by side of two to four rollouts: `/compare/rollouts?a=<run>:<rollout>&b=…[&c=…][&d=…]` (run ids never
 * hold ":", so the first ":" splits). `from` is the first aligned trace row shown, left out when 0. Rollouts past
 * the fourth are left out.
 */
export function sideBySideOfHref(refs: readonly RolloutRef[], options: { from?: number } = {}): string {
  const named = refs
    .slice(0, SIDE_BY_SIDE_LETTERS.length)
    .map((ref, i) => `${SIDE_BY_SIDE_LETTERS[i]}=${queryValue(`${ref.runId}:${ref.rolloutId}`)}`);
  const from = options.from !== undefined && options.from > 0 ? `&from=${Math.floor(options.from)}` : "";
  return `/compare/rollouts?${named.join("&")}${from}`;
}

/** The side by side of two rollouts (sideBySideOfHref). */
export function sideBySideHref(a: RolloutRef, b: RolloutRef, options: { from?: number } = {}): string {
  return sideBySideOfHref([a, b], options);
}

/** The series page of a series. */
export function seriesHref(name: string): string {
  return `/series/${encodeURIComponent(name)}`;
}

/** A task's history in a series: the series page with the matrix showing that task. */
export function seriesTaskHref(name: string, task: string): string {
  return `${seriesHref(name)}?task=${encodeURIComponent(task)}`;
}

/** The leaderboard page of a series, a tag or a pick of runs. */
export function leaderboardHref(pick: { series: string } | { tag: string } | { runs: readonly string[] }): string {
  if ("series" in pick) return `/leaderboard?series=${encodeURIComponent(pick.series)}`;
  if ("tag" in pick) return `/leaderboard?tag=${encodeURIComponent(pick.tag)}`;
  return `/leaderboard?runs=${pick.runs.map(encodeURIComponent).join(",")}`;
}
