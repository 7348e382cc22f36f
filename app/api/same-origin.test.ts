import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { proxy } from "@/proxy";
import { POST as postBaseline } from "./runs/[id]/baseline/route";
import { DELETE as deleteRun, PATCH as patchRun } from "./runs/[id]/route";
import { GET as listRuns, POST as postRuns } from "./runs/route";
import { DELETE as deleteScenario, PUT as putScenario } from "./scenarios/[name]/route";
import { GET as listScenarios, POST as postScenario } from "./scenarios/route";
import { DELETE as signOut, POST as signIn } from "./session/route";
import { params, useApiDatabase } from "./route-test-kit";

// Every write route as a browser reaches it: the proxy first, then, when the proxy lets the request through,
// the route handler, on a real SQLite file. A page of another origin must write nothing; the page's own calls
// and scripts (no Origin) must still write.

useApiDatabase("same-origin");

const SELF = "http://127.0.0.1:3931";
const HOST = "127.0.0.1:3931";
/** What Chromium adds to a write from the server's own page. */
const OWN_PAGE = { host: HOST, origin: SELF, "sec-fetch-site": "same-origin" };
/** What Chromium adds to a write from a page on http://localhost:8123. */
const OTHER_PAGE = { host: HOST, origin: "http://localhost:8123", "sec-fetch-site": "cross-site" };
const JSON_TYPE = { "content-type": "application/json" };
const INGEST = "ingest-secret-token";

/**
 * Sends a request through the proxy and, when it lets it through, to the handler. `make` is called once per
 * step: a request's body can be read once.
 */
async function through<P extends object>(
  make: () => Request,
  handler: (request: Request, context: { params: Promise<P> }) => Promise<Response>,
  routeParams = {} as P,
) {
  const gate = await proxy(new NextRequest(make()));
  if (gate.headers.get("x-middleware-next") !== "1") return gate;
  return handler(make(), params(routeParams));
}

const url = (path: string) => `${SELF}${path}`;

function jsonRequest(method: string, path: string, body: unknown, headers: Record<string, string>) {
  return () => new Request(url(path), { method, body: JSON.stringify(body), headers: { ...JSON_TYPE, ...headers } });
}

function uploadForm(run: string): FormData {
  const form = new FormData();
  for (const f of loadFixture("scoring-article", "s/"))
    form.append("files", new Blob([new Uint8Array(f.bytes)]), f.path);
  form.append("run", run);
  return form;
}

const upload = (run: string, headers: Record<string, string>) => () =>
  new Request(url("/api/runs"), { method: "POST", body: uploadForm(run), headers });

async function runNames(): Promise<string[]> {
  const { runs } = await (await listRuns(new Request(url("/api/runs")))).json();
  return (runs as { name: string }[]).map((r) => r.name);
}

async function runBaseline(id: string): Promise<boolean> {
  const { runs } = await (await listRuns(new Request(url("/api/runs")))).json();
  return (runs as { id: string; baseline: boolean }[]).find((r) => r.id === id)!.baseline;
}

async function scenarioNames(): Promise<string[]> {
  const { scenarios } = await (await listScenarios(new Request(url("/api/scenarios")))).json();
  return (scenarios as { name: string }[]).map((s) => s.name);
}

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await res.json()).error.code).toBe(code);
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("cache-control")).toBe("no-store");
}

let runId = "";

beforeAll(async () => {
  const res = await through(upload("own-run", OWN_PAGE), postRuns);
  expect(res.status).toBe(201);
  runId = (await res.json()).runs[0].id;
  const saved = await through(
    jsonRequest("POST", "/api/scenarios", { name: "kept", scenario: {} }, OWN_PAGE),
    postScenario,
  );
  expect(saved.status).toBe(201);
});

afterEach(() => {
  delete process.env.TALLY_ALLOWED_ORIGINS;
});

describe("a page of another origin writes nothing", () => {
  it("cannot upload a run, as multipart or with the multipart sent from a form", async () => {
    await expectRefused(await through(upload("evil-run", OTHER_PAGE), postRuns), 403, "forbidden");
    // A form submitted from another site: Chromium sends Origin, and Sec-Fetch-Site cross-site.
    const fromForm = { ...OTHER_PAGE, origin: "http://evil.example" };
    await expectRefused(await through(upload("evil-form-run", fromForm), postRuns), 403, "forbidden");
    expect(await runNames()).not.toContain("evil-run");
    expect(await runNames()).not.toContain("evil-form-run");
  });

  it("cannot save a scenario with JSON sent as text/plain, nor as JSON", async () => {
    const textPlain = () =>
      new Request(url("/api/scenarios"), {
        method: "POST",
        body: JSON.stringify({ name: "evil-scenario", scenario: {} }),
        headers: OTHER_PAGE,
      });
    await expectRefused(await through(textPlain, postScenario), 403, "forbidden");
    await expectRefused(
      await through(
        jsonRequest("POST", "/api/scenarios", { name: "evil-json", scenario: {} }, OTHER_PAGE),
        postScenario,
      ),
      403,
      "forbidden",
    );
    expect(await scenarioNames()).toEqual(["kept"]);
  });

  it("cannot toggle the baseline, rename, tag or delete a run", async () => {
    await expectRefused(
      await through(jsonRequest("POST", `/api/runs/${runId}/baseline`, { baseline: true }, OTHER_PAGE), postBaseline, {
        id: runId,
      }),
      403,
      "forbidden",
    );
    expect(await runBaseline(runId)).toBe(false);
    await expectRefused(
      await through(jsonRequest("PATCH", `/api/runs/${runId}`, { name: "pwned", tags: ["x"] }, OTHER_PAGE), patchRun, {
        id: runId,
      }),
      403,
      "forbidden",
    );
    const removal = () => new Request(url(`/api/runs/${runId}`), { method: "DELETE", headers: OTHER_PAGE });
    await expectRefused(await through(removal, deleteRun, { id: runId }), 403, "forbidden");
    expect(await runNames()).toContain("own-run");
  });

  it("cannot change or delete a saved scenario, nor sign a browser in or out", async () => {
    await expectRefused(
      await through(jsonRequest("PUT", "/api/scenarios/kept", { declared: true }, OTHER_PAGE), putScenario, {
        name: "kept",
      }),
      403,
      "forbidden",
    );
    const removal = () => new Request(url("/api/scenarios/kept"), { method: "DELETE", headers: OTHER_PAGE });
    await expectRefused(await through(removal, deleteScenario, { name: "kept" }), 403, "forbidden");
    expect(await scenarioNames()).toEqual(["kept"]);
    const form = () =>
      new Request(url("/api/session"), {
        method: "POST",
        body: new URLSearchParams({ token: "x" }),
        headers: OTHER_PAGE,
      });
    await expectRefused(await through(form, signIn), 403, "forbidden");
    const out = () => new Request(url("/api/session"), { method: "DELETE", headers: OTHER_PAGE });
    await expectRefused(await through(out, signOut), 403, "forbidden");
  });

  it("is let through when its origin is listed in TALLY_ALLOWED_ORIGINS", async () => {
    process.env.TALLY_ALLOWED_ORIGINS = "http://localhost:8123";
    const res = await through(
      jsonRequest("POST", "/api/scenarios", { name: "from-listed-origin", scenario: {} }, OTHER_PAGE),
      postScenario,
    );
    expect(res.status).toBe(201);
    expect(await scenarioNames()).toContain("from-listed-origin");
  });
});

describe("the page's own calls and scripts still write", () => {
  it("renames, tags, toggles the baseline and saves a scenario from the server's own page", async () => {
    const renamed = await through(jsonRequest("PATCH", `/api/runs/${runId}`, { tags: ["own"] }, OWN_PAGE), patchRun, {
      id: runId,
    });
    expect(renamed.status).toBe(200);
    const toggled = await through(
      jsonRequest("POST", `/api/runs/${runId}/baseline`, { baseline: true }, OWN_PAGE),
      postBaseline,
      { id: runId },
    );
    expect(toggled.status).toBe(200);
    expect(await runBaseline(runId)).toBe(true);
    // `npm start` on http://localhost:3000: Origin and Host both say localhost.
    const local = { host: "localhost:3000", origin: "http://localhost:3000" };
    const saved = await through(
      jsonRequest("POST", "/api/scenarios", { name: "from-localhost", scenario: {} }, local),
      postScenario,
    );
    expect(saved.status).toBe(201);
  });

  it("lets a script (no Origin, no Sec-Fetch-Site) through to the token rules", async () => {
    const res = await through(upload("script-run", { host: HOST }), postRuns);
    expect(res.status).toBe(201);
    process.env.TALLY_INGEST_TOKEN = INGEST;
    const refused = await through(
      jsonRequest("POST", "/api/scenarios", { name: "no-token", scenario: {} }, {}),
      postScenario,
    );
    expect(refused.status).toBe(401);
    const withToken = await through(
      jsonRequest(
        "POST",
        "/api/scenarios",
        { name: "with-token", scenario: {} },
        { authorization: `Bearer ${INGEST}` },
      ),
      postScenario,
    );
    expect(withToken.status).toBe(201);
  });

  it("lets a cross-origin request carrying the ingest token through; a wrong or unset token is no pass", async () => {
    const attempt = (name: string, token: string) =>
      through(
        jsonRequest(
          "POST",
          "/api/scenarios",
          { name, scenario: {} },
          { ...OTHER_PAGE, authorization: `Bearer ${token}` },
        ),
        postScenario,
      );
    await expectRefused(await attempt("no-token-set", "anything"), 403, "forbidden");
    process.env.TALLY_INGEST_TOKEN = INGEST;
    await expectRefused(await attempt("wrong-token", "guess"), 403, "forbidden");
    expect((await attempt("right-token", INGEST)).status).toBe(201);
    expect(await scenarioNames()).not.toContain("wrong-token");
    expect(await scenarioNames()).not.toContain("no-token-set");
  });

  it("refuses a JSON route's text/plain body from a script too: 415 in the one shape", async () => {
    const textPlain = () =>
      new Request(url(`/api/runs/${runId}/baseline`), { method: "POST", body: '{"baseline": false}' });
    await expectRefused(await through(textPlain, postBaseline, { id: runId }), 415, "unsupported_media_type");
  });
});

describe("a Host the server does not have (DNS rebinding)", () => {
  it("is refused for reads and writes alike, before any route runs", async () => {
    const rebound = { host: "attacker.example:3931" };
    await expectRefused(
      await through(() => new Request(url("/api/runs"), { headers: rebound }), listRuns),
      403,
      "forbidden",
    );
    const page = await proxy(new NextRequest(url(`/runs/${runId}`), { headers: rebound }));
    await expectRefused(page, 403, "forbidden");
    await expectRefused(
      await through(upload("rebound-run", { ...rebound, origin: "http://attacker.example:3931" }), postRuns),
      403,
      "forbidden",
    );
    expect(await runNames()).not.toContain("rebound-run");
  });
});

describe("paths and methods no route may see", () => {
  it("answers a malformed escape 400 and a method the route lacks 405 with Allow, in the one shape", async () => {
    await expectRefused(
      await proxy(new NextRequest(url("/api/runs/%ZZ"), { headers: { host: HOST } })),
      400,
      "malformed",
    );
    const put = await proxy(new NextRequest(url("/api/live"), { method: "PUT", headers: { host: HOST } }));
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    await expectRefused(put, 405, "method_not_allowed");
    const page = await proxy(new NextRequest(url(`/runs/${runId}`), { method: "DELETE", headers: OWN_PAGE }));
    await expectRefused(page, 405, "method_not_allowed");
  });
});
