import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import type { CheckEntryView, GridRowView } from "@/lib/views/check-views";
import { CHECK_TEXT_HEAD, FULL_TEXT_MAX } from "@/lib/text-head";
import { GET as getChecks } from "./runs/[id]/rollouts/[rollout]/checks/route";
import { GET as getText } from "./runs/[id]/rollouts/[rollout]/text/route";
import { GET as getTrace } from "./runs/[id]/rollouts/[rollout]/trace/route";
import { GET as getGrid } from "./runs/[id]/tasks/[task]/grid/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("check-pages");

const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://tally.test${url}`, { headers });

async function upload(files: { path: string; bytes?: Uint8Array; content?: string }[], run: string): Promise<string> {
  const response = await postRuns(uploadRequest(files, { run }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

/** A Silo result of 2,500 checks (every 7th failing, every 3rd optional) and a 12 MB answer. */
function bigResult() {
  const checks = Array.from({ length: 2_500 }, (_, i) => ({
    id: `C${i}`,
    label: `check ${i}`,
    passed: i % 7 !== 3,
    required: i % 3 !== 0,
    detail: i === 4 ? "x".repeat(5_000) : `detail ${i}`,
  }));
  const answer = "a".repeat(12 * 1024 * 1024);
  return {
    path: "big/r1.result.json",
    content: JSON.stringify({
      taskId: "T",
      group: "g",
      rolloutId: "r1",
      passed: false,
      reward: 0,
      checks,
      agentOutput: answer,
    }),
  };
}

interface ChecksBody {
  total: number;
  offset: number;
  entries: CheckEntryView[];
}

describe("GET /api/runs/:id/rollouts/:rollout/checks, /text and /api/runs/:id/tasks/:task/grid", () => {
  it("pages a rollout's checks under a filter and a scenario, each text cut; the whole text on request", async () => {
    const id = await upload([bigResult()], "big-checks");
    const p = params({ id, rollout: "r1" });
    const page = async (query: string) => {
      const res = await getChecks(get(`/api/runs/${id}/rollouts/r1/checks?${query}`), p);
      expect(res.status).toBe(200);
      return (await res.json()) as ChecksBody;
    };

    const first = await page("offset=0&limit=10");
    expect(first.total).toBe(2_500);
    expect(first.entries.map((e) => e.check.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(first.entries[4]!.check.detail).toEqual({ head: "x".repeat(CHECK_TEXT_HEAD), bytes: 5_000, cut: true });
    expect(first.entries[3]!.cell).toMatchObject({ verdict: "fail", required: false });
    const last = await page("offset=2490&limit=100");
    expect(last.offset).toBe(2_490);
    expect(last.entries.map((e) => e.check.order)).toEqual([...Array(10).keys()].map((i) => 2_490 + i));

    const failed = await page("filter=failed-required&limit=3");
    expect(failed.total).toBe([...Array(2_500).keys()].filter((i) => i % 7 === 3 && i % 3 !== 0).length);
    expect(failed.entries.map((e) => e.check.order)).toEqual([10, 17, 31]);
    // Under a scenario flipping check 10, it passes and leaves the failed list.
    const scenario = encodeURIComponent(JSON.stringify({ flips: [{ task: "g/T", check: "C10", passed: true }] }));
    const flipped = await page(`filter=failed-required&limit=3&scenario=${scenario}`);
    expect(flipped.total).toBe(failed.total - 1);
    expect(flipped.entries.map((e) => e.check.order)).toEqual([17, 31, 38]);

    // Bad queries: the API's error shape.
    for (const bad of ["limit=0", "limit=5000", "offset=-1", "filter=some", "offset=x", "extra=1"]) {
      const res = await getChecks(get(`/api/runs/${id}/rollouts/r1/checks?${bad}`), p);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("malformed");
    }
    expect((await getChecks(get(`/api/runs/${id}/rollouts/r1/checks?scenario=%7B`), p)).status).toBe(422);
    expect((await getChecks(get(`/api/runs/${id}/rollouts/nope/checks`), params({ id, rollout: "nope" }))).status).toBe(
      404,
    );

    // The whole texts: a check's detail as text/plain; the 12 MB answer only as a download.
    const detail = await getText(get(`/api/runs/${id}/rollouts/r1/text?field=detail&check=4`), p);
    expect(detail.status).toBe(200);
    expect(detail.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await detail.text()).toBe("x".repeat(5_000));
    const answer = await getText(get(`/api/runs/${id}/rollouts/r1/text?field=agentOutput`), p);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "too_large",
      message: expect.stringContaining("download=1"),
    });
    expect(12 * 1024 * 1024).toBeGreaterThan(FULL_TEXT_MAX);
    const download = await getText(get(`/api/runs/${id}/rollouts/r1/text?field=agentOutput&download=1`), p);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="agentOutput.txt"');
    expect((await download.text()).length).toBe(12 * 1024 * 1024);
    expect((await getText(get(`/api/runs/${id}/rollouts/r1/text?field=error`), p)).status).toBe(200);
    for (const bad of ["field=detail", "field=agentOutput&check=1", "field=password", ""]) {
      expect((await getText(get(`/api/runs/${id}/rollouts/r1/text?${bad}`), p)).status, bad).toBe(400);
    }
    expect((await getText(get(`/api/runs/${id}/rollouts/r1/text?field=detail&check=9999`), p)).status).toBe(404);
  });

  it("pages a task's grid, failing rows only on request", async () => {
    const id = await upload([bigResult()], "big-grid");
    const p = params({ id, task: "g/T" });
    const res = await getGrid(get(`/api/runs/${id}/tasks/g%2FT/grid?limit=5`), p);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; failingTotal: number; rollouts: string[]; rows: GridRowView[] };
    expect(body.total).toBe(2_500);
    expect(body.rollouts).toEqual(["r1"]);
    // Failed required checks first.
    expect(body.rows.map((r) => r.label)).toEqual(["check 10", "check 17", "check 31", "check 38", "check 52"]);
    expect(body.rows[0]!.cells[0]).toMatchObject({ verdict: "fail", order: 10, key: "C10", flippable: true });
    const failing = (await (
      await getGrid(get(`/api/runs/${id}/tasks/g%2FT/grid?failing=1&offset=100000`), p)
    ).json()) as { total: number; rows: GridRowView[] };
    expect(failing.total).toBe(body.failingTotal);
    expect(failing.rows).toEqual([]);
    expect((await getGrid(get(`/api/runs/${id}/tasks/x/grid`), params({ id, task: "x" }))).status).toBe(404);
    expect((await getGrid(get(`/api/runs/${id}/tasks/g%2FT/grid?failing=yes`), p)).status).toBe(400);
  });

  it("the read gate guards them as every read route", async () => {
    const id = await upload(
      loadFixture("traces/silo/scoring-article").map((f) => ({ path: f.path, bytes: f.bytes })),
      "gated",
    );
    process.env.TALLY_READ_TOKEN = "read-secret";
    const p = params({ id, rollout: "checkout/result" });
    for (const call of [
      () => getChecks(get(`/api/runs/${id}/rollouts/x/checks`), p),
      () => getText(get(`/api/runs/${id}/rollouts/x/text?field=agentOutput`), p),
      () => getGrid(get(`/api/runs/${id}/tasks/x/grid`), params({ id, task: "incident/checkout" })),
    ]) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    }
    const ok = await getChecks(get(`/api/runs/${id}/rollouts/x/checks`, { authorization: "Bearer read-secret" }), p);
    expect(ok.status).toBe(200);
    // The trace's pages name the checks citing their steps: C3 cites e3, step 7 (index 6).
    const trace = (await (
      await getTrace(
        get(`/api/runs/${id}/rollouts/x/trace?offset=5&limit=5`, { authorization: "Bearer read-secret" }),
        p,
      )
    ).json()) as { citations: Record<string, { key: string }[]> };
    expect(trace.citations).toEqual({ 6: [{ key: "C3", order: expect.any(Number) as number }] });
  });
});
