import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";

// The server `tally serve-app` runs, on a real port, with a plain handler standing in for Next.js's: what it
// refuses never reaches the handler. e2e/http-errors.spec.ts and e2e/cross-origin.spec.ts drive the same server
// with Next.js behind it.

let server: http.Server;
let port = 0;
const reached: string[] = [];

beforeAll(async () => {
  server = createAppServer(
    async (req, res) => {
      reached.push(`${req.method} ${req.url}`);
      if (req.url === "/throws") throw new Error("boom");
      res.end("from next");
    },
    { HOST: "127.0.0.1", TALLY_ALLOWED_HOSTS: [], TALLY_ALLOWED_ORIGINS: [] },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** One raw request: any method, any Host, the path sent as written. */
function send(method: string, path: string, host = `127.0.0.1:${port}`, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const options = { host: "127.0.0.1", port, method, path, headers: { host, ...headers }, agent: false };
    const req = http.request(options, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: http.IncomingHttpHeaders) {
  expect(headers["content-type"]).toBe("application/json");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["cache-control"]).toBe("no-store");
}

describe("the server in front of Next.js", () => {
  it("answers TRACE and PROPFIND 405 in the API's shape with Allow and the security headers", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await send(method, "/api/runs");
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
      expectSecurityHeaders(res.headers);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: "method_not_allowed",
          message: `/api/runs answers GET, POST, HEAD, OPTIONS, not ${method}.`,
          details: { allowed: ["GET", "POST", "HEAD", "OPTIONS"] },
        },
      });
    }
  });

  it("answers a method Node cannot parse (TRACK) 400 in the same shape, not Node's bare 400", async () => {
    const res = await send("TRACK", "/api/runs");
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers);
    expect(JSON.parse(res.body).error.code).toBe("malformed");
  });

  it("answers a malformed percent-escape 400, on any path", async () => {
    for (const path of ["/api/runs/%ZZ", "/runs/%E0%A4%A", "/_next/static/%ZZ"]) {
      const res = await send("GET", path);
      expect(res.status, path).toBe(400);
      expectSecurityHeaders(res.headers);
      expect(JSON.parse(res.body).error.code).toBe("malformed");
    }
  });

  it("refuses a Host the server does not have, static files included", async () => {
    const res = await send("GET", "/_next/static/chunks/a.js", `attacker.example:${port}`);
    expect(res.status).toBe(403);
    expectSecurityHeaders(res.headers);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: "forbidden",
      details: { host: `attacker.example:${port}` },
    });
  });

  it("applies the proxy's rules too: a method the route lacks, another origin's write, a text/plain body", async () => {
    reached.length = 0;
    const put = await send("PUT", "/api/live");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, OPTIONS");
    const cross = await send("POST", "/api/scenarios", `127.0.0.1:${port}`, {
      origin: "http://localhost:8123",
      "sec-fetch-site": "cross-site",
      "content-type": "application/json",
    });
    expect(cross.status).toBe(403);
    expectSecurityHeaders(cross.headers);
    expect(cross.headers["content-length"]).toBe(String(Buffer.byteLength(cross.body)));
    expect((await send("POST", "/api/scenarios", undefined, { "content-type": "text/plain" })).status).toBe(415);
    expect(reached).toEqual([]);
  });

  it("hands the rest to Next.js, and answers a handler's failure 500 in the same shape", async () => {
    reached.length = 0;
    expect((await send("GET", "/runs/a%2Fb?x=%ZZ", `localhost:${port}`)).body).toBe("from next");
    const own = { origin: `http://127.0.0.1:${port}`, "content-type": "application/json" };
    expect((await send("POST", "/api/scenarios", undefined, own)).body).toBe("from next");
    const failed = await send("GET", "/throws");
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body).error.code).toBe("internal");
    expect(reached).toEqual(["GET /runs/a%2Fb?x=%ZZ", "POST /api/scenarios", "GET /throws"]);
  });
});
