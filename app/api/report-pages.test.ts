import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { partialEffortJobFiles } from "@/lib/formats/__fixtures__/partial-effort-job";
import { GET as getReport } from "./runs/[id]/report/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

// GET /api/runs/:id/report?rollouts=0 and ?list=tasks|rollouts&limit&cursor on the silo-runs fixture
// (10 rollouts of 5 tasks).
useApiDatabase("report-pages");

let runs = 0;

/** A new run of the files, or the files added to the run `name`. */
async function siloRun(files = loadFixture("silo-runs", "silo-runs/"), name = `pages-${++runs}`): Promise<string> {
  const res = await postRuns(uploadRequest(files, { run: name }));
  expect(res.ok).toBe(true);
  return ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

const report = (id: string, query = "") =>
  getReport(new Request(`http://tally.test/api/runs/${id}/report${query}`), params({ id }));

interface Page {
  list: string;
  total: number;
  limit: number;
  items: { id?: string; key?: string }[];
  next: string | null;
}

async function walk(id: string, list: string, limit: number, extra = ""): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await report(id, `?list=${list}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}${extra}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    pages.push(page);
    cursor = page.next;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe("the report API in pages", () => {
  it("?rollouts=0 answers every summary without the task and rollout lists, with their sizes", async () => {
    const id = await siloRun();
    const whole = await (await report(id)).json();
    const summary = await (await report(id, "?rollouts=0")).json();
    expect(summary.tasks).toBeUndefined();
    expect(summary.rollouts).toBeUndefined();
    expect(summary.lists).toEqual({ tasks: { total: whole.tasks.length }, rollouts: { total: whole.rollouts.length } });
    const { tasks: _t, rollouts: _r, ...rest } = whole;
    expect({ ...summary, lists: undefined }).toEqual({ ...rest, lists: undefined });
  });

  it("pages each list in the report's order: together the pages are the whole list, the last has no next", async () => {
    const id = await siloRun();
    const whole = await (await report(id)).json();
    for (const [list, limit] of [
      ["rollouts", 3],
      ["tasks", 2],
      ["rollouts", 100],
    ] as const) {
      const pages = await walk(id, list, limit);
      expect(pages.length).toBe(Math.ceil(whole[list].length / limit));
      expect(pages.flatMap((p) => p.items)).toEqual(whole[list]);
      expect(pages.every((p) => p.total === whole[list].length && p.limit === limit && p.list === list)).toBe(true);
      expect(pages.at(-1)!.next).toBeNull();
    }
  });

  it("pages the report under a scenario", async () => {
    const id = await siloRun();
    const scenario = `&scenario=${encodeURIComponent(JSON.stringify({ budget: { toolCalls: 3 } }))}`;
    const whole = await (await report(id, `?${scenario.slice(1)}`)).json();
    const pages = await walk(id, "rollouts", 4, scenario);
    expect(pages.flatMap((p) => p.items)).toEqual(whole.rollouts);
  });

  it("continues after the item a cursor names when the run gains rollouts between pages", async () => {
    const files = loadFixture("silo-runs", "silo-runs/");
    const id = await siloRun(files.slice(0, 6), "growing");
    const first = (await (await report(id, "?list=rollouts&limit=1")).json()) as Page;
    expect(first.next).not.toBeNull();
    expect(await siloRun(files, "growing")).toBe(id);
    const whole = await (await report(id)).json();
    const rest = (await (await report(id, `?list=rollouts&limit=100&cursor=${first.next}`)).json()) as Page;
    const after = whole.rollouts.findIndex((r: { id: string }) => r.id === first.items[0]!.id);
    expect(rest.items).toEqual(whole.rollouts.slice(after + 1));
  });

  it("?list=rollouts&sort=-tokens&limit=1 names the top spender, an unscored crash; the sorted pages walk the list", async () => {
    const res = await postRuns(uploadRequest(partialEffortJobFiles(), { run: "partial-effort" }));
    expect(res.ok).toBe(true);
    const id = ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
    const top = (await (await report(id, "?list=rollouts&sort=-tokens&limit=1")).json()) as {
      items: { id: string; status: string; measures: { tokens: number | null } }[];
      total: number;
    };
    expect(top.total).toBe(6);
    expect(top.items.map((r) => [r.id, r.status, r.measures.tokens])).toEqual([
      ["beta__Crash01", "unscored", 9_400_000],
    ]);
    // 9.4M, 530k, 320k, 110k tokens, then the two trials without a folder (not recorded: last) in report order.
    const pages = await walk(id, "rollouts", 4, "&sort=-tokens");
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual([
      "beta__Crash01",
      "alpha__Fail001",
      "alpha__Pass001",
      "beta__Pass002",
      "gamma__Fail002",
      "gamma__Pass003",
    ]);
    // A cursor keeps its order: the next page of another sort is refused, not answered from the wrong place.
    const res2 = await report(id, `?list=rollouts&limit=4&sort=tokens&cursor=${pages[0]!.next}`);
    expect(res2.status).toBe(400);
    expect((await report(id, `?list=rollouts&limit=4&cursor=${pages[0]!.next}`)).status).toBe(400);
  });

  it("refuses a sort of no field, and a sort outside the rollouts list", async () => {
    const id = await siloRun();
    for (const query of [
      "?list=rollouts&sort=passed",
      "?list=rollouts&sort=",
      "?list=tasks&sort=-tokens",
      "?sort=-tokens",
    ]) {
      const res = await report(id, query);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { path: string }[] } };
      expect(body.error.code).toBe("malformed");
      expect(body.error.details.map((d) => d.path)).toContain("sort");
    }
  });

  it("refuses a cursor or limit without a list, a bad limit, rollouts=0 with a list, and a cursor of another list", async () => {
    const id = await siloRun();
    for (const query of [
      "?cursor=abc",
      "?limit=10",
      "?list=tasks&limit=0",
      "?list=tasks&limit=x",
      "?list=tasks&rollouts=0",
      "?list=people",
    ]) {
      const res = await report(id, query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.code).toBe("malformed");
    }
    const first = (await (await report(id, "?list=tasks&limit=1")).json()) as Page;
    const res = await report(id, `?list=rollouts&cursor=${first.next}`);
    expect(res.status).toBe(400);
    expect((await report(id, "?list=tasks&cursor=bm9uc2Vuc2U")).status).toBe(400);
    const gone = Buffer.from(JSON.stringify(["tasks", 0, "no-such-task"])).toString("base64url");
    expect((await report(id, `?list=tasks&cursor=${gone}`)).status).toBe(422);
  });
});
