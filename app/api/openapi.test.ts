import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { API_ROUTES, type TRouteMethod } from "@/lib/api/api-routes";
import { NO_BODY, OPERATIONS, answerSchema } from "@/lib/api/operations";
import { ZApiErrorBody } from "@/lib/api/schemas/common";
import { GET as getCompare } from "./compare/route";
import { GET as getLive } from "./live/route";
import { GET as getOpenApi } from "./openapi.json/route";
import { POST as postBaseline } from "./runs/[id]/baseline/route";
import { GET as getReport } from "./runs/[id]/report/route";
import { GET as getChecks } from "./runs/[id]/rollouts/[rollout]/checks/route";
import { GET as getRollout } from "./runs/[id]/rollouts/[rollout]/route";
import { GET as getTrace } from "./runs/[id]/rollouts/[rollout]/trace/route";
import { DELETE as deleteRun, GET as getRun, PATCH as patchRun } from "./runs/[id]/route";
import { GET as getGrid } from "./runs/[id]/tasks/[task]/grid/route";
import { GET as getSearch } from "./runs/[id]/search/route";
import { GET as listRuns, POST as postRuns } from "./runs/route";
import { DELETE as deleteScenario, GET as getScenario, PUT as putScenario } from "./scenarios/[name]/route";
import { GET as listScenarios, POST as postScenario } from "./scenarios/route";
import { DELETE as signOut, POST as signIn } from "./session/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("openapi");

const request = (method: string, url: string, body?: unknown) =>
  new Request(`http://tally.test${url}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });

/**
 * The answer's body, after checking it against the schema the document gives for (route, method, status): it
 * parses, and parsing drops nothing (a field the server sends that the schema does not describe fails here).
 */
async function described(route: string, method: TRouteMethod, response: Response, status: number): Promise<unknown> {
  expect(response.status, `${method} ${route}`).toBe(status);
  const schema = answerSchema(route, method, status) as z.ZodType;
  const body: unknown = await response.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], `${method} ${route}`).toEqual([]);
  expect(parsed.data, `${method} ${route}: fields the schema does not describe`).toEqual(body);
  return body;
}

async function upload(folder: string, run: string) {
  const files = loadFixture(folder).map((f) => ({ path: f.path, bytes: f.bytes }));
  return postRuns(uploadRequest(files, { run }));
}

describe("GET /api/openapi.json", () => {
  it("lists every route of the route table with exactly its methods, each with its answers", async () => {
    const doc = (await described(
      "/api/openapi.json",
      "GET",
      await getOpenApi(request("GET", "/api/openapi.json")),
      200,
    )) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<string, unknown>;
            parameters: { name: string; in: string }[];
            requestBody?: { required: boolean; content: Record<string, unknown> };
          }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const listed = Object.fromEntries(
      API_ROUTES.map((r) => [
        r.path.replace(/\[(\w+)\]/g, "{$1}"),
        Object.keys(r.methods)
          .map((m) => m.toLowerCase())
          .sort(),
      ]),
    );
    expect(Object.fromEntries(Object.entries(doc.paths).map(([p, ops]) => [p, Object.keys(ops).sort()]))).toEqual(
      listed,
    );
    expect(Object.keys(doc.paths)).toHaveLength(API_ROUTES.length);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toContain("default");
        const inPath = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
        expect(inPath, `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      }
    // A body in each media type the route table lets through the proxy, required unless it may be left out.
    for (const route of API_ROUTES)
      for (const [method, media] of Object.entries(route.methods)) {
        const op = doc.paths[route.path.replace(/\[(\w+)\]/g, "{$1}")]![method.toLowerCase()]!;
        if (media.length === 0) expect(op.requestBody, `${method} ${route.path}`).toBeUndefined();
        else {
          expect(Object.keys(op.requestBody!.content), `${method} ${route.path}`).toEqual(media);
          const body = OPERATIONS[route.path]?.[method as TRouteMethod]?.body;
          expect(op.requestBody!.required, `${method} ${route.path}`).toBe(body !== NO_BODY);
        }
      }
    const checks = doc.paths["/api/runs/{id}/rollouts/{rollout}/checks"]!.get!;
    expect(checks.parameters.filter((p) => p.in === "query").map((p) => p.name)).toEqual([
      "offset",
      "limit",
      "filter",
      "scenario",
    ]);
  });

  it("resolves every $ref it holds", async () => {
    const doc = (await (await getOpenApi(request("GET", "/api/openapi.json"))).json()) as {
      components: { schemas: Record<string, unknown> };
    };
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas, ref).toHaveProperty([ref.slice("#/components/schemas/".length)]);
    }
  });
});

describe("real answers parse with the document's schemas", () => {
  it("runs, rollouts, traces, grids, reports and comparisons of two stored runs", async () => {
    const first = await described("/api/runs", "POST", await upload("traces/silo/scoring-article", "traced"), 201);
    const again = await described("/api/runs", "POST", await upload("traces/silo/scoring-article", "traced"), 200);
    expect((again as { duplicates: string[] }).duplicates.length).toBeGreaterThan(0);
    await described("/api/runs", "POST", await upload("scoring-article", "plain"), 201);
    const id = (first as { runs: { id: string }[] }).runs[0]!.id;
    const runs = (await described("/api/runs", "GET", await listRuns(request("GET", "/api/runs")), 200)) as {
      runs: { id: string }[];
    };
    expect(runs.runs).toHaveLength(2);
    const other = runs.runs.find((r) => r.id !== id)!.id;

    await described("/api/runs/[id]", "GET", await getRun(request("GET", `/api/runs/${id}`), params({ id })), 200);
    const renamed = await patchRun(request("PATCH", `/api/runs/${id}`, { tags: ["a", "b"] }), params({ id }));
    expect(
      ((await described("/api/runs/[id]", "PATCH", renamed, 200)) as { run: { tags: string[] } }).run.tags,
    ).toEqual(["a", "b"]);
    await described(
      "/api/runs/[id]/baseline",
      "POST",
      await postBaseline(request("POST", `/api/runs/${id}/baseline`, { baseline: true }), params({ id })),
      200,
    );

    const report = async (query: string) =>
      described(
        "/api/runs/[id]/report",
        "GET",
        await getReport(request("GET", `/api/runs/${id}/report${query}`), params({ id })),
        200,
      );
    const whole = (await report("")) as { rollouts: { id: string; task: string }[] };
    await report("?rollouts=0");
    await report("?list=rollouts&limit=1&sort=-tokens");
    await report("?list=tasks&limit=2");
    await report(`?scenario=${encodeURIComponent(JSON.stringify({ unscored: "fail" }))}`);
    const rollout = whole.rollouts[0]!;

    const at = { id, rollout: rollout.id };
    const base = `/api/runs/${id}/rollouts/${encodeURIComponent(rollout.id)}`;
    await described(
      "/api/runs/[id]/rollouts/[rollout]",
      "GET",
      await getRollout(request("GET", base), params(at)),
      200,
    );
    await described(
      "/api/runs/[id]/rollouts/[rollout]/checks",
      "GET",
      await getChecks(request("GET", `${base}/checks?limit=3`), params(at)),
      200,
    );
    const trace = (await described(
      "/api/runs/[id]/rollouts/[rollout]/trace",
      "GET",
      await getTrace(request("GET", `${base}/trace?limit=4`), params(at)),
      200,
    )) as { status: string; steps: unknown[] };
    expect(trace.status).toBe("read");
    expect(trace.steps).toHaveLength(4);
    const grid = (await described(
      "/api/runs/[id]/tasks/[task]/grid",
      "GET",
      await getGrid(
        request("GET", `/api/runs/${id}/tasks/${encodeURIComponent(rollout.task)}/grid`),
        params({ id, task: rollout.task }),
      ),
      200,
    )) as { rows: unknown[] };
    expect(grid.rows.length).toBeGreaterThan(0);

    const search = (await described(
      "/api/runs/[id]/search",
      "GET",
      await getSearch(request("GET", `/api/runs/${id}/search?q=get_capacity`), params({ id })),
      200,
    )) as { rollouts: { steps: unknown[] }[] };
    expect(search.rollouts[0]!.steps.length).toBeGreaterThan(0);

    await described("/api/compare", "GET", await getCompare(request("GET", `/api/compare?runs=${other},${id}`)), 200);
    await described("/api/live", "GET", await getLive(request("GET", "/api/live")), 200);
    // A 204 has no body: the document says so, and the handler answers it.
    expect(answerSchema("/api/runs/[id]", "DELETE", 204)).toBeNull();
    expect((await deleteRun(request("DELETE", `/api/runs/${other}`), params({ id: other }))).status).toBe(204);
  });

  it("saved scenarios, the session, and errors in the one error shape", async () => {
    const scenario = { name: "strict", description: "d", scenario: { unscored: "fail" } };
    await described("/api/scenarios", "POST", await postScenario(request("POST", "/api/scenarios", scenario)), 201);
    await described("/api/scenarios", "GET", await listScenarios(request("GET", "/api/scenarios")), 200);
    const at = params({ name: "strict" });
    await described(
      "/api/scenarios/[name]",
      "GET",
      await getScenario(request("GET", "/api/scenarios/strict"), at),
      200,
    );
    await described(
      "/api/scenarios/[name]",
      "PUT",
      await putScenario(request("PUT", "/api/scenarios/strict", { declared: true }), at),
      200,
    );
    expect((await deleteScenario(request("DELETE", "/api/scenarios/strict"), at)).status).toBe(204);
    await described("/api/session", "POST", await signIn(request("POST", "/api/session", { token: "t" })), 200);
    await described("/api/session", "DELETE", await signOut(request("DELETE", "/api/session")), 200);

    for (const response of [
      await getScenario(request("GET", "/api/scenarios/strict"), at),
      await postScenario(request("POST", "/api/scenarios", { name: "" })),
      await getRun(request("GET", "/api/runs/nope"), params({ id: "nope" })),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(ZApiErrorBody.strict().safeParse(await response.json()).success).toBe(true);
    }
  });
});
