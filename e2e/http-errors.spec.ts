import { expect, test } from "./fixtures";
import { rawRequest, SECURITY_HEADER_VALUES, type RawResponse } from "./raw-http";

// Requests Next.js would answer with a bare text 500 (or an empty 405) sent to the real server `tally serve`
// runs: each is answered in the API's one error shape with the security headers.

function expectApiError(res: RawResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toBe("application/json");
  expect(res.headers).toMatchObject(SECURITY_HEADER_VALUES);
  expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  const body = JSON.parse(res.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
}

test("a malformed percent-escape in a path answers 400 in the API's shape, on the API, pages and assets", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  for (const path of ["/api/runs/%ZZ", "/api/runs/%E0%A4%A/report", "/runs/%ZZ", "/_next/static/%ZZ", "/%"]) {
    await test.step(path, async () => {
      expectApiError(await rawRequest({ port, path }), 400, "malformed");
    });
  }
  // A well-formed escape still reaches the route.
  expect((await rawRequest({ port, path: "/api/runs/no%20such%20run" })).status).toBe(404);
});

test("unsupported methods answer 405 in the API's shape with Allow; TRACK, which Node cannot parse, 400", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  const cases: [string, string, string][] = [
    ["TRACE", "/api/runs", "GET, POST, HEAD, OPTIONS"],
    ["TRACE", "/", "GET, HEAD"],
    ["PUT", "/api/live", "GET, HEAD, OPTIONS"],
    ["DELETE", "/api/runs", "GET, POST, HEAD, OPTIONS"],
    ["GET", "/api/runs/abc/baseline", "POST, OPTIONS"],
    ["PATCH", "/api/scenarios", "GET, POST, HEAD, OPTIONS"],
    ["PUT", "/runs/abc", "GET, HEAD"],
    ["PROPFIND", "/api/runs", "GET, POST, HEAD, OPTIONS"],
  ];
  for (const [method, path, allow] of cases) {
    await test.step(`${method} ${path}`, async () => {
      const res = await rawRequest({ port, method, path });
      const body = expectApiError(res, 405, "method_not_allowed");
      expect(res.headers.allow).toBe(allow);
      expect(body.error.message).toContain(method);
    });
  }
  expectApiError(await rawRequest({ port, method: "TRACK", path: "/api/runs" }), 400, "malformed");
  // What the routes answer stays as it was.
  expect((await rawRequest({ port, method: "OPTIONS", path: "/api/live" })).status).toBe(204);
  expect((await rawRequest({ port, method: "HEAD", path: "/api/live" })).status).toBe(200);
});

test("a JSON route refuses JSON sent as text/plain 415, from a script too", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const res = await rawRequest({
    port,
    method: "POST",
    path: "/api/scenarios",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ name: `text-plain-${Date.now()}`, scenario: {} }),
  });
  const body = expectApiError(res, 415, "unsupported_media_type");
  expect(body.error.message).toBe('POST /api/scenarios reads application/json, not "text/plain".');
});
