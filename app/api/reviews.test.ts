import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ZReviewResponse, ZReviewsResponse } from "@/lib/scoring/reviews/review-input";
import { REVIEW_LIMITS } from "@/lib/scoring/reviews/review-input";
import { DELETE as deleteRun } from "./runs/[id]/route";
import { DELETE as withdraw, GET as list, POST as post } from "./runs/[id]/reviews/route";
import { GET as getReport } from "./runs/[id]/report/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("reviews");

const url = (id: string) => `http://tally.test/api/runs/${encodeURIComponent(id)}/reviews`;
const ROLLOUT = "checkout/result";

function send(method: "POST" | "DELETE", id: string, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const request = new Request(url(id), {
    method,
    body: text,
    headers: { "content-type": "application/json", ...headers },
  });
  return (method === "POST" ? post : withdraw)(request, params({ id }));
}

const get = async (id: string) => list(new Request(url(id)), params({ id }));

async function uploadRun(name: string): Promise<string> {
  const res = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { run: name }));
  expect(res.status).toBe(201);
  return (await res.json()).runs[0].id;
}

const C3 = {
  rollout: ROLLOUT,
  check: "C3",
  verdict: "pass",
  reason: "64 is the total budget, not per instance: the grader misread",
  reviewer: "ana",
};

describe("/api/runs/:id/reviews", () => {
  it("keeps each review with who and when, newest last, and a withdrawal as a review", async () => {
    const id = await uploadRun("reviewed");
    expect(ZReviewsResponse.parse(await (await get(id)).json())).toEqual({ reviews: [] });
    const res = await send("POST", id, { ...C3, reviewer: "  ana " });
    expect(res.status).toBe(201);
    const { review } = ZReviewResponse.parse(await res.json());
    expect(review).toEqual({ ...C3, task: "incident/checkout", at: expect.any(String) });
    expect(Math.abs(Date.parse(review.at) - Date.now())).toBeLessThan(60_000);
    const gone = await send("DELETE", id, { rollout: ROLLOUT, check: "C3", reviewer: "ana" });
    expect(gone.status).toBe(200);
    expect(ZReviewResponse.parse(await gone.json()).review).toMatchObject({ reviewer: "ana", withdrawn: true });
    const { reviews } = ZReviewsResponse.parse(await (await get(id)).json());
    expect(reviews.map((r) => [r.reviewer, r.verdict, r.withdrawn ?? false])).toEqual([
      ["ana", "pass", false],
      ["ana", "pass", true],
    ]);
    // Nothing standing to withdraw any more.
    const again = await send("DELETE", id, { rollout: ROLLOUT, check: "C3", reviewer: "ana" });
    expect(again.status).toBe(404);
  });

  it("answers 404 naming the run, rollout or check it lacks, writing nothing", async () => {
    const id = await uploadRun("missing");
    const noRun = await send("POST", "nope", C3);
    expect(noRun.status).toBe(404);
    expect((await noRun.json()).error.message).toContain('"nope"');
    const noRollout = await send("POST", id, { ...C3, rollout: "ghost/result" });
    expect(noRollout.status).toBe(404);
    expect(await noRollout.json()).toMatchObject({
      error: {
        code: "not_found",
        message: expect.stringContaining('"ghost/result"'),
        details: { rollout: "ghost/result" },
      },
    });
    const noCheck = await send("POST", id, { ...C3, check: "C9" });
    expect(noCheck.status).toBe(404);
    expect((await noCheck.json()).error.message).toContain('"C9"');
    expect((await get("nope")).status).toBe(404);
    expect(ZReviewsResponse.parse(await (await get(id)).json()).reviews).toEqual([]);
  });

  it("refuses a review without a reviewer, with a bad verdict, past its limits, or not JSON", async () => {
    const id = await uploadRun("limits");
    const cases: [unknown, number, string][] = [
      [{ ...C3, reviewer: "   " }, 422, "reviewer"],
      [{ ...C3, reviewer: undefined }, 422, "reviewer"],
      [{ ...C3, verdict: "maybe" }, 422, "verdict"],
      [{ ...C3, reason: "x".repeat(REVIEW_LIMITS.reason + 1) }, 422, "reason"],
      [{ ...C3, reviewer: "r".repeat(REVIEW_LIMITS.reviewer + 1) }, 422, "reviewer"],
      [{ ...C3, extra: 1 }, 422, ""],
    ];
    for (const [body, status, path] of cases) {
      const res = await send("POST", id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect((await res.json()).error.details[0].path).toBe(path);
    }
    // At the limit it is stored.
    expect((await send("POST", id, { ...C3, reason: "x".repeat(REVIEW_LIMITS.reason) })).status).toBe(201);
    expect((await send("POST", id, "{not json")).status).toBe(400);
    expect((await send("POST", id, { ...C3, reason: "y".repeat(40 * 1024) })).status).toBe(413);
  });

  it("needs the ingest or the review token when one is set", async () => {
    const id = await uploadRun("tokens");
    process.env.TALLY_REVIEW_TOKEN = "review-secret";
    expect((await send("POST", id, C3)).status).toBe(401);
    expect((await send("POST", id, C3, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await send("DELETE", id, { rollout: ROLLOUT, check: "C3", reviewer: "ana" })).status).toBe(401);
    expect((await send("POST", id, C3, { authorization: "Bearer review-secret" })).status).toBe(201);
    delete process.env.TALLY_REVIEW_TOKEN;
    process.env.TALLY_INGEST_TOKEN = "ingest-secret";
    expect((await send("POST", id, { ...C3, reviewer: "bo" })).status).toBe(401);
    expect((await send("POST", id, { ...C3, reviewer: "bo" }, { authorization: "Bearer ingest-secret" })).status).toBe(
      201,
    );
    // Reads stay open without a read token.
    expect(ZReviewsResponse.parse(await (await get(id)).json()).reviews).toHaveLength(2);
  });

  it("keeps a reason's markup as text and goes with its run", async () => {
    const id = await uploadRun("markup");
    const reason = '<img src=x onerror="alert(1)"> **bold** & co';
    expect((await send("POST", id, { ...C3, reason })).status).toBe(201);
    expect(ZReviewsResponse.parse(await (await get(id)).json()).reviews[0]!.reason).toBe(reason);
    const res = await deleteRun(new Request(`http://tally.test/api/runs/${id}`, { method: "DELETE" }), params({ id }));
    expect(res.status).toBe(204);
    expect((await get(id)).status).toBe(404);
  });

  it("scores the run with the reviewed verdicts under reviews: apply; as recorded stays", async () => {
    const id = await uploadRun("article");
    const report = async (scenario: unknown) => {
      const q = scenario === null ? "" : `?scenario=${encodeURIComponent(JSON.stringify(scenario))}`;
      const res = await getReport(new Request(`http://tally.test/api/runs/${id}/report${q}`), params({ id }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { metrics: Record<string, { value: number }> };
      return [body.metrics.correctness!.value, body.metrics.completion!.value].map((v) => Math.round(v * 1000) / 10);
    };
    expect(await report({ reviews: "apply" })).toEqual([72.2, 33.3]);
    expect((await send("POST", id, C3)).status).toBe(201);
    expect(await report({ reviews: "apply" })).toEqual([83.3, 66.7]);
    expect(await report(null)).toEqual([72.2, 33.3]);
    // Composes: a what-if flip of the same check comes after the reviews and wins.
    const flip = { task: "incident/checkout", rollout: ROLLOUT, check: "C3", passed: false };
    expect(await report({ reviews: "apply", flips: [flip] })).toEqual([72.2, 33.3]);
    // A tie (ana pass, bo fail) keeps the recorded verdict.
    expect((await send("POST", id, { ...C3, reviewer: "bo", verdict: "fail" })).status).toBe(201);
    expect(await report({ reviews: "apply" })).toEqual([72.2, 33.3]);
  });

  it("puts the graders' agreement with the reviewers in the report JSON", async () => {
    const id = await uploadRun("agreement");
    const report = async (q = "") =>
      (await (await getReport(new Request(`http://tally.test/api/runs/${id}/report${q}`), params({ id }))).json()) as {
        reviews?: { reviewed: number; byCheck: unknown[]; byGrader: unknown[]; band: unknown };
      };
    expect((await report()).reviews).toBeUndefined();
    expect((await send("POST", id, C3)).status).toBe(201);
    expect((await send("POST", id, { ...C3, check: "C1", verdict: "pass" })).status).toBe(201);
    const { reviews } = await report();
    expect(reviews).toMatchObject({
      reviewed: 2,
      byGrader: [{ grader: "code", reviewed: 2, agreement: 0.5, confusion: { passPass: 1, failPass: 1 } }],
    });
    expect(reviews!.byCheck).toEqual([
      expect.objectContaining({ check: "C1", grader: "code", reviewed: 1, agreement: 1 }),
      expect.objectContaining({ check: "C3", grader: "code", reviewed: 1, agreement: 0 }),
    ]);
    expect((await report("?rollouts=0")).reviews).toEqual(reviews);
    // The band goes by check key: C3's one decided review is a false fail (rate 1), so csv-conversion's
    // unreviewed C3 (recorded fail) counts as a pass at the high end: (1 + 1 + 3/4) / 3. No false pass: the low
    // end is the reviewed headline, (1 + 1 + 1/2) / 3.
    expect(reviews).toMatchObject({ band: { metric: "correctness", low: 2.5 / 3, high: 2.75 / 3 } });
  });

  it("reads an Inspect log's score edits (Score.history) as reviews, and applies them", async () => {
    const [file] = loadFixture("inspect-real").filter((f) => f.path.endsWith("log_formats.json"));
    const log = JSON.parse(new TextDecoder().decode(file!.bytes)) as {
      samples: { scores: Record<string, Record<string, unknown>> }[];
    };
    const score = log.samples[0]!.scores.match!;
    score.history = [
      { value: "I", answer: "No", provenance: null },
      {
        value: "C",
        explanation: "<i>yes</i> is right",
        provenance: { author: "ana", timestamp: "2026-03-01T10:00:00Z", reason: "the grader misread" },
      },
    ];
    const res = await postRuns(
      uploadRequest([{ path: "inspect/log.json", content: JSON.stringify(log) }], { run: "inspect-edits" }),
    );
    expect(res.status).toBe(201);
    const id = (await res.json()).runs[0].id as string;
    const { reviews } = ZReviewsResponse.parse(await (await get(id)).json());
    expect(reviews).toEqual([
      {
        task: "1",
        rollout: "1#1",
        check: "match",
        verdict: "pass",
        reason: "the grader misread",
        reviewer: "ana",
        at: "2026-03-01T10:00:00.000Z",
      },
    ]);
    const report = async (scenario: string) => {
      const q = scenario ? `?scenario=${encodeURIComponent(scenario)}` : "";
      const r = await getReport(new Request(`http://tally.test/api/runs/${id}/report${q}`), params({ id }));
      return ((await r.json()) as { rollouts: { passed: boolean }[] }).rollouts[0]!.passed;
    };
    expect(await report("")).toBe(false);
    expect(await report('{"reviews":"apply"}')).toBe(true);
    // The edit can be withdrawn like any review: a withdrawal is stored, the edit in the log stays.
    expect((await send("DELETE", id, { rollout: "1#1", check: "match", reviewer: "ana" })).status).toBe(200);
    expect(await report('{"reviews":"apply"}')).toBe(false);
  });
});
