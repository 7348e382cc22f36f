/**
 * Search across a run's traces, golden on a run made for it (trace-search-fixture.ts: every step written out,
 * every expected hit derived by hand from it), on SQLite (FTS5) and PostgreSQL (tsvector).
 */
import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { searchRunFiles } from "./trace-search-fixture";
import { SEARCH_LIMITS, searchRunTraces, SearchQueryError, type TraceSearchQuery } from "./trace-search";

const base: Omit<TraceSearchQuery, "q"> = { mode: "words", page: 1, pageSize: 20 };

/** Each matching rollout with its matching steps' indexes. */
const hitsOf = (r: Awaited<ReturnType<typeof searchRunTraces>>) =>
  r!.rollouts.map((x) => [x.rolloutId, x.steps.map((s) => s.step)]);

forEachDatabase("trace search", (t) => {
  beforeEach(() => t.reset());

  async function ingest(extra = {}) {
    const { runs } = await ingestFiles(t.store, searchRunFiles(extra), { rootName: "search" });
    return runs[0]!.id;
  }
  const search = (id: string, q: string, more: Partial<TraceSearchQuery> = {}) =>
    searchRunTraces(t.store, id, { ...base, q, ...more });

  it("finds words anywhere in a step, a phrase only in order, with the matches marked", async () => {
    const id = await ingest();
    const words = await search(id, "permission denied");
    expect(words!.index).toEqual({ rollouts: 4, indexed: 3, skipped: 1, none: 0, pending: 0, steps: 17 });
    expect(words!.total).toEqual({ rollouts: 2, steps: 3 });
    expect(hitsOf(words)).toEqual([
      ["alpha/result", [2, 4]],
      ["beta/result", [3]],
    ]);
    const [alpha, beta] = words!.rollouts;
    expect(alpha!.task).toBe("alpha");
    expect(alpha!.passed).toBe(true);
    expect(alpha!.hits).toBe(2);
    expect(alpha!.steps[0]).toEqual({
      step: 2,
      source: "tool",
      tool: "bash",
      isError: true,
      snippet: {
        text: '{"message":"permission denied: /usr/lib"}',
        // The words side by side are marked as one match.
        ranges: [[12, 29]],
        cutStart: false,
        cutEnd: false,
      },
      href: `/runs/${id}/rollouts/alpha%2Fresult#trace-step-3`,
    });
    expect(alpha!.steps[1]!.snippet.ranges).toEqual([[0, 17]]);
    expect(beta!.steps[0]!.snippet.ranges).toEqual([
      [20, 30],
      [40, 46],
    ]);

    const phrase = await search(id, "Permission  DENIED", { mode: "phrase" });
    expect(phrase!.total).toEqual({ rollouts: 1, steps: 2 });
    expect(hitsOf(phrase)).toEqual([["alpha/result", [2, 4]]]);
    expect(phrase!.rollouts[0]!.steps.map((s) => s.snippet.ranges)).toEqual([[[12, 29]], [[0, 17]]]);
  });

  it("runs a regular expression over the steps, without case", async () => {
    const id = await ingest();
    const pip = await search(id, "pip\\s+install", { mode: "regex" });
    expect(hitsOf(pip)).toEqual([["alpha/result", [1]]]);
    expect(pip!.rollouts[0]!.steps[0]!.snippet).toEqual({
      text: 'bash {"cmd":"pip install requests"}',
      ranges: [[13, 24]],
      cutStart: false,
      cutEnd: false,
    });
    expect(pip!.complete).toBe(true);
    const caseless = await search(id, "PERMISSION denied", { mode: "regex" });
    expect(hitsOf(caseless)).toEqual([["alpha/result", [2, 4]]]);
    expect(hitsOf(await search(id, "denied", { mode: "regex", errorsOnly: true }))).toEqual([["alpha/result", [2]]]);
  });

  it("filters by tool, by error and by who took the step", async () => {
    const id = await ingest();
    expect(hitsOf(await search(id, "install"))).toEqual([
      ["alpha/result", [1]],
      ["beta/result", [3]],
    ]);
    expect(hitsOf(await search(id, "install", { tool: "bash" }))).toEqual([["alpha/result", [1]]]);
    expect(hitsOf(await search(id, "permission", { errorsOnly: true }))).toEqual([["alpha/result", [2]]]);
    expect(hitsOf(await search(id, "timeout", { errorsOnly: true }))).toEqual([["gamma/result", [2]]]);
    expect(hitsOf(await search(id, "timed", { errorsOnly: true }))).toEqual([]);
    expect(hitsOf(await search(id, "permission", { source: "agent" }))).toEqual([["beta/result", [3]]]);
    // A tool's name is searched as the words it is made of.
    expect(hitsOf(await search(id, "http_get"))).toEqual([["gamma/result", [1]]]);
    expect(hitsOf(await search(id, "http_get", { mode: "phrase" }))).toEqual([["gamma/result", [1]]]);
  });

  it("pages by rollout", async () => {
    const id = await ingest();
    const second = await search(id, "permission denied", { page: 2, pageSize: 1 });
    expect(second!.pages).toBe(2);
    expect(second!.total).toEqual({ rollouts: 2, steps: 3 });
    expect(hitsOf(second)).toEqual([["beta/result", [3]]]);
    expect(hitsOf(await search(id, "permission denied", { page: 3, pageSize: 1 }))).toEqual([]);
    const regexSecond = await search(id, "permission", { mode: "regex", page: 2, pageSize: 1 });
    expect(regexSecond!.pages).toBe(2);
    expect(hitsOf(regexSecond)).toEqual([["beta/result", [3]]]);
  });

  it("indexes a run stored before the index on its first search, once", async () => {
    const id = await ingest();
    await t.db.traceStep.deleteMany({});
    await t.db.traceSearchState.deleteMany({});
    expect((await t.store.traceSearchState(id))!.pending).toBe(4);
    const found = await search(id, "permission denied");
    expect(found!.index).toEqual({ rollouts: 4, indexed: 3, skipped: 1, none: 0, pending: 0, steps: 17 });
    expect(hitsOf(found)).toEqual([
      ["alpha/result", [2, 4]],
      ["beta/result", [3]],
    ]);
    expect(await t.db.traceStep.count()).toBe(17);
    await search(id, "permission");
    expect(await t.db.traceStep.count()).toBe(17);
    expect(await search("no-such-run", "permission")).toBeNull();
  });

  it("refuses what it cannot run, naming why, and stops a regular expression that backtracks without end", async () => {
    const id = await ingest({ delta: [{ type: "agent_output", output: `${"a".repeat(40)}!` }] });
    const refused = async (q: string, mode: TraceSearchQuery["mode"]) => {
      const error = await search(id, q, { mode }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchQueryError);
      return (error as Error).message;
    };
    expect(await refused("(", "regex")).toMatch(/not a valid regular expression/);
    expect(await refused("a".repeat(SEARCH_LIMITS.regex + 1), "regex")).toMatch(/at most 200 characters/);
    expect(await refused("x".repeat(SEARCH_LIMITS.query + 1), "words")).toMatch(/at most 500 characters/);
    expect(await refused("?!", "words")).toMatch(/no words/);
    const started = Date.now();
    expect(await refused("^(a+)+$", "regex")).toMatch(/took longer than 2 s/);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(SEARCH_LIMITS.regexMs - 50);
    expect(took).toBeLessThan(SEARCH_LIMITS.regexMs + 1_500);
    // The server goes on: the next regular expression runs on a new worker.
    expect(hitsOf(await search(id, "a{40}!", { mode: "regex" }))).toEqual([["delta/result", [0]]]);
  });
});
