import { beforeAll, describe, expect, it } from "vitest";
import { compareRunFiles, type Variant } from "@/e2e/compare-runs";
import { GET as exportCompare } from "./compare/export.csv/route";
import { POST as postBaseline } from "./runs/[id]/baseline/route";
import { GET as exportRun } from "./runs/[id]/export.csv/route";
import { GET as listRuns, POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("exports");
const ids: Record<Variant, string> = { a: "", b: "", c: "" };

async function ingest(variant: Variant): Promise<string> {
  const res = await postRuns(uploadRequest(compareRunFiles(variant), { run: `v-${variant}` }));
  expect(res.status).toBe(201);
  return (await res.json()).runs[0].id;
}

const baseline = (id: string, body: string, headers: Record<string, string> = {}) =>
  postBaseline(
    new Request(`http://tally.test/api/runs/${id}/baseline`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    }),
    params({ id }),
  );

async function baselines(): Promise<string[]> {
  const { runs } = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
  return runs.filter((r: { baseline: boolean }) => r.baseline).map((r: { name: string }) => r.name);
}

beforeAll(async () => {
  ids.a = await ingest("a");
  ids.b = await ingest("b");
  ids.c = await ingest("c");
});

describe("POST /api/runs/:id/baseline", () => {
  it("marks one baseline at a time, and unmarks", async () => {
    const res = await baseline(ids.a, '{"baseline": true}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ run: { id: ids.a, name: "v-a", baseline: true } });
    await baseline(ids.b, '{"baseline": true}');
    expect(await baselines()).toEqual(["v-b"]);
    await baseline(ids.b, '{"baseline": false}');
    expect(await baselines()).toEqual([]);
  });

  it("400 on malformed JSON, 422 on a wrong body, 404 for an unknown run", async () => {
    expect((await baseline(ids.a, "{oops")).status).toBe(400);
    const invalid = await baseline(ids.a, '{"baseline": "yes"}');
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.details[0].path).toBe("baseline");
    expect((await baseline(ids.a, '{"baseline": true, "extra": 1}')).status).toBe(422);
    expect((await baseline("nope", '{"baseline": true}')).status).toBe(404);
  });

  it("needs the ingest token when one is set", async () => {
    process.env.TALLY_INGEST_TOKEN = "s3cret";
    expect((await baseline(ids.a, '{"baseline": true}')).status).toBe(401);
    expect((await baseline(ids.a, '{"baseline": true}', { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await baseline(ids.a, '{"baseline": false}', { authorization: "Bearer s3cret" })).status).toBe(200);
  });
});

describe("GET /api/runs/:id/export.csv", () => {
  it("one row per (rollout, check), as an attachment, quoted and guarded", async () => {
    const res = await exportRun(new Request(`http://tally.test/api/runs/${ids.b}/export.csv`), params({ id: ids.b }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="v-b-rollouts.csv"');
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toMatch(
      /^run,task,group,rollout,rollout_status,rollout_passed,rollout_reward,rollout_error_type,rollout_error,rollout_duration_ms,.*,rollout_steps,check_key,/,
    );
    expect(lines).toHaveLength(19 * 3 * 4 + 2);
    // Between the rollout's fields and the check's, its measures: this one records 3 tool calls and 0 tool errors.
    expect(lines[1]).toBe(
      "v-b,access/audit-trail,access,b-audit-trail-1,scored,true,1,,,,,,,,,,3,0,,C1,C1 Names the root cause,true,correctness,graded,true,1,cause named with evidence,",
    );
    expect(lines.find((l) => l.includes(",G1,"))).toContain(`"'=cites e1, e2"`);
  });

  it("404 for an unknown run", async () => {
    expect((await exportRun(new Request("http://tally.test/api/runs/x/export.csv"), params({ id: "x" }))).status).toBe(
      404,
    );
  });
});

describe("GET /api/compare/export.csv", () => {
  const get = (query: string) => exportCompare(new Request(`http://tally.test/api/compare/export.csv?${query}`));

  it("the per-task table of A against each candidate, A chosen as on the page", async () => {
    const res = await get(`runs=${ids.a},${ids.b},${ids.c}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="compare-v-a-vs-v-b-vs-v-c.csv"');
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("task,status,baseline_run,candidate_run,metric,baseline_value,candidate_value,delta,flip");
    const ab = lines.filter((l) => l.includes(",v-a,v-b,"));
    expect(ab.filter((l) => l.includes(",common,"))).toHaveLength(18);
    expect(ab.filter((l) => l.endsWith(",pass->fail"))).toHaveLength(3);
    expect(ab.filter((l) => l.endsWith(",fail->pass"))).toHaveLength(5);
    expect(ab).toContain("incident/legacy-pager,only in baseline,v-a,v-b,completion,,,,");
    expect(ab).toContain("access/sso-rotation,only in candidate,v-a,v-b,completion,,,,");
    expect(lines.filter((l) => l.includes(",v-a,v-c,"))).toHaveLength(20);
  });

  it("an explicit a wins; else the baseline run is A", async () => {
    const swapped = (await (await get(`runs=${ids.a},${ids.b}&a=${ids.b}`)).text()).split("\r\n")[1];
    expect(swapped).toContain(",v-b,v-a,");
    await baseline(ids.b, '{"baseline": true}');
    const byBaseline = (await (await get(`runs=${ids.a},${ids.b}&metric=correctness`)).text()).split("\r\n")[1];
    expect(byBaseline).toContain(",v-b,v-a,correctness,");
    await baseline(ids.b, '{"baseline": false}');
  });

  it("scores both runs under the scenario, as the compare page does; 422 for an invalid one", async () => {
    const flip = encodeURIComponent(
      JSON.stringify({ flips: [{ task: "incident/dns-flap", check: "C2", passed: true }] }),
    );
    const row = async (query: string) =>
      (await (await get(query)).text()).split("\r\n").find((l) => l.startsWith("incident/dns-flap,"));
    expect(await row(`runs=${ids.a},${ids.b}&a=${ids.a}`)).toMatch(/,pass->fail$/);
    expect(await row(`runs=${ids.a},${ids.b}&a=${ids.a}&scenario=${flip}`)).toMatch(/,0\.6\d*,0\.6\d*,0,$/);
    const bad = await get(`runs=${ids.a},${ids.b}&scenario=${encodeURIComponent('{"unscored":"maybe"}')}`);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.details[0].path).toBe("scenario.unscored");
  });

  it("400 without two runs, 404 for an unknown one; the same run twice compares it with itself", async () => {
    expect((await get(`runs=${ids.a}`)).status).toBe(400);
    expect((await get(`runs=${ids.a},${ids.a}`)).status).toBe(200);
    expect((await get(`runs=${ids.a},nope`)).status).toBe(404);
  });
});
