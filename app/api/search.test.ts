/**
 * GET /api/runs/:id/search through its handler, on a real SQLite file: answers in the operation's schema, and
 * hostile input (a huge query, a bad or catastrophic regular expression, a page size past the limit) is
 * refused in the one error shape.
 */
import { describe, expect, it } from "vitest";
import { params, useApiDatabase } from "@/app/api/route-test-kit";
import { ZSearchAnswer } from "@/lib/api/schemas/search";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { getStore } from "@/lib/store/open-store";
import { searchRunFiles } from "@/lib/views/trace-search-fixture";
import { GET } from "./runs/[id]/search/route";

useApiDatabase("search-route");

async function get(id: string, query: Record<string, string>) {
  const url = `http://tally.test/api/runs/${encodeURIComponent(id)}/search?${new URLSearchParams(query)}`;
  const response = await GET(new Request(url), params({ id }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/runs/:id/search", () => {
  it("answers matching rollouts in its schema, and refuses hostile input in the error shape", async () => {
    const { runs } = await ingestFiles(
      getStore(),
      searchRunFiles({ delta: [{ type: "agent_output", output: `${"a".repeat(40)}!` }] }),
      { rootName: "search" },
    );
    const id = runs[0]!.id;

    const ok = await get(id, { q: "read_file", mode: "phrase" });
    expect(ok.status).toBe(200);
    const body = ZSearchAnswer.parse(ok.body);
    expect(body.rollouts.map((r) => [r.rolloutId, r.steps.map((s) => [s.step, s.tool])])).toEqual([
      ["alpha/result", [[3, "read_file"]]],
    ]);
    expect((await get(id, { q: "bash", tool: "bash", errors: "1", source: "tool" })).body).toMatchObject({
      total: { rollouts: 0, steps: 0 },
    });

    expect(await get(id, { q: "x".repeat(501) })).toMatchObject({
      status: 400,
      body: { error: { code: "malformed", details: [{ path: "q" }] } },
    });
    expect(await get(id, { q: "  " })).toMatchObject({ status: 400, body: { error: { code: "malformed" } } });
    expect(await get(id, { q: "a", limit: "51" })).toMatchObject({ status: 400 });
    expect(await get(id, { q: "a", mode: "glob" })).toMatchObject({ status: 400 });
    expect(await get(id, { q: "a", unknown: "1" })).toMatchObject({ status: 400 });
    expect(await get(id, { q: "([a-", mode: "regex" })).toMatchObject({
      status: 422,
      body: { error: { code: "invalid", details: [{ path: "q" }] } },
    });
    const started = Date.now();
    const catastrophic = await get(id, { q: "(a|aa)+$", mode: "regex" });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(catastrophic).toMatchObject({ status: 422, body: { error: { code: "invalid" } } });
    expect((catastrophic.body.error as { message: string }).message).toMatch(/took longer than 2 s/);
    expect(await get("no-such-run", { q: "a" })).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
  });
});
