import { describe, expect, it } from "vitest";
import { harborClaudeCodeFiles } from "@/lib/formats/__fixtures__/big-agent-traces";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { readRolloutTrace } from "@/lib/formats/trace-readers";
import { GET as getRollout } from "./runs/[id]/rollouts/[rollout]/route";
import { GET as getTrace } from "./runs/[id]/rollouts/[rollout]/trace/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("rollout-trace");

interface Step {
  index: number;
  id: string | null;
  toolCalls: { name: string }[];
  results: { isError: boolean }[];
}

async function upload(folder: string, run: string): Promise<string> {
  const files = loadFixture(folder).map((f) => ({ path: f.path, bytes: f.bytes }));
  const response = await postRuns(uploadRequest(files, { run }));
  expect(response.status).toBe(201);
  const body = (await response.json()) as { runs: { id: string }[] };
  return body.runs[0]!.id;
}

const get = (url: string) => new Request(`http://tally.test${url}`);

describe("GET /api/runs/:id/rollouts/:rollout and its trace", () => {
  it("pages checkout's trace (13 steps, 5 tool calls) and resolves C3's evidence to the get_capacity result", async () => {
    const id = await upload("traces/silo/scoring-article", "article-traces");
    const rollout = "checkout/result";
    const first = await getTrace(get(`/api/runs/${id}/rollouts/x/trace?limit=5`), params({ id, rollout }));
    expect(first.status).toBe(200);
    const page = (await first.json()) as { total: number; toolCalls: number; toolErrors: number; steps: Step[] };
    expect({ total: page.total, toolCalls: page.toolCalls, toolErrors: page.toolErrors }).toEqual({
      total: 13,
      toolCalls: 5,
      toolErrors: 0,
    });
    expect(page.steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    const rest = (await (
      await getTrace(get(`/api/runs/${id}/rollouts/x/trace?offset=10&limit=100`), params({ id, rollout }))
    ).json()) as { steps: Step[] };
    expect(rest.steps.map((s) => s.index)).toEqual([10, 11, 12]);

    const detail = await getRollout(get(`/api/runs/${id}/rollouts/x`), params({ id, rollout }));
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      rollout: { checks: { key: string; evidence: { ref: string; step: number | null }[] }[] };
    };
    const c3 = body.rollout.checks.find((c) => c.key === "C3")!;
    expect(c3.evidence).toHaveLength(1);
    const step = c3.evidence[0]!.step!;
    const all = (await (
      await getTrace(get(`/api/runs/${id}/rollouts/x/trace?limit=100`), params({ id, rollout }))
    ).json()) as { steps: Step[] };
    expect(all.steps[step]!.id).toBe("7");
    expect(all.steps.filter((s) => s.toolCalls.length > 0).map((s) => s.toolCalls[0]!.name)).toContain("get_capacity");
  });

  it("counts csv-conversion's tool error, answers 400 for a bad page and 404 for an unknown rollout", async () => {
    const id = await upload("traces/silo/scoring-article", "article-traces-2");
    const rollout = "csv-conversion/result";
    const page = (await (await getTrace(get(`/api/runs/${id}/rollouts/x/trace`), params({ id, rollout }))).json()) as {
      total: number;
      toolCalls: number;
      toolErrors: number;
    };
    expect(page).toMatchObject({ total: 17, toolCalls: 7, toolErrors: 1 });
    const bad = await getTrace(get(`/api/runs/${id}/rollouts/x/trace?limit=-1`), params({ id, rollout }));
    expect(bad.status).toBe(400);
    const missing = await getTrace(get(`/api/runs/${id}/rollouts/x/trace`), params({ id, rollout: "nope" }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("a big trace's pages cut long strings at 2,000 characters; whole=1 answers that one step uncut", async () => {
    const lines: string[] = [];
    for (let seq = 1; seq <= 12_000; seq++) {
      const callId = Math.ceil(seq / 2);
      const output = seq === 5002 ? `${"long ".repeat(2000)}END` : { t: "z".repeat(1400) };
      lines.push(
        JSON.stringify(
          seq % 2 === 1
            ? { seq, type: "tool_call", callId, tool: "grep", input: { n: callId } }
            : { seq, type: "tool_result", callId, output },
        ),
      );
    }
    const files = loadFixture("traces/silo/scoring-article/csv-conversion").map((f) =>
      f.path.endsWith("trace.jsonl") ? { path: f.path, bytes: new TextEncoder().encode(lines.join("\n")) } : f,
    );
    const response = await postRuns(uploadRequest(files, { run: "big-cut" }));
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
    const rollout = "result";
    type Cut = { index: number; cut?: { chars: number }; results: { content: string }[] };
    const read = async (query: string) => {
      const answer = await getTrace(get(`/api/runs/${id}/rollouts/x/trace?${query}`), params({ id, rollout }));
      return { status: answer.status, body: (await answer.json()) as { limit: number; steps: Cut[] } };
    };
    const page = await read("offset=5000&limit=3");
    expect(page.body.steps.map((s) => [s.index, s.cut ?? null])).toEqual([
      [5000, null],
      [5001, { chars: 10_003 }],
      [5002, null],
    ]);
    expect(page.body.steps[1]!.results[0]!.content).toBe("long ".repeat(400));
    const whole = await read("offset=5001&limit=50&whole=1");
    expect(whole.body.limit).toBe(1);
    expect(whole.body.steps.map((s) => [s.index, s.cut ?? null])).toEqual([[5001, null]]);
    expect(whole.body.steps[0]!.results[0]!.content).toBe(`${"long ".repeat(2000)}END`);
    expect((await read("offset=5001&whole=yes")).status).toBe(400);
  });

  it("a big Claude Code trace read from its own file is paged from its index, with its error steps", async () => {
    const { files } = harborClaudeCodeFiles({ calls: 3000, resultChars: 1500 });
    const read = readRolloutTrace({ path: "job/fix-dates__Abc2345/result.json", format: "harbor" }, files);
    if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}`);
    const whole = read.trace;
    const response = await postRuns(uploadRequest(files, { run: "big-claude-code" }));
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
    const rollout = "fix-dates__Abc2345";
    type Page = { status: string; total: number; errorSteps?: number[]; steps: Step[] };
    const pageAt = async (query: string) => {
      const answer = await getTrace(get(`/api/runs/${id}/rollouts/x/trace?${query}`), params({ id, rollout }));
      expect(answer.status).toBe(200);
      return (await answer.json()) as Page;
    };
    const first = await pageAt("offset=0&limit=100");
    const errors = whole.steps.filter((s) => s.results.some((r) => r.isError)).map((s) => s.index);
    expect(errors).toHaveLength(30);
    expect(first).toMatchObject({ status: "read", total: 6002, errorSteps: errors });
    expect(first.steps.map((s) => s.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    const near = await pageAt("offset=5950&limit=100");
    expect(JSON.parse(JSON.stringify(near.steps))).toEqual(JSON.parse(JSON.stringify(whole.steps.slice(5950))));
  });
});
