import { createHmac } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import {
  hasIngestToken,
  hasReadAccess,
  isOpenPath,
  safeEqual,
  safeNext,
  SESSION_COOKIE,
  sessionValue,
} from "./read-gate";
import { STORED_FILE_POLICY } from "./security-headers";

// The read gate and the proxy, called directly with real requests; process.env is set per test.
const READ = "read-secret-token";
const INGEST = "ingest-secret-token";
const BASE = "http://tally.test";

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new NextRequest(`${BASE}${path}`, { method: init.method ?? "GET", headers: init.headers });
}

beforeEach(() => {
  delete process.env.TALLY_READ_TOKEN;
  delete process.env.TALLY_INGEST_TOKEN;
});
afterEach(() => {
  delete process.env.TALLY_READ_TOKEN;
  delete process.env.TALLY_INGEST_TOKEN;
});

describe("sessionValue", () => {
  it("is HMAC-SHA256(token, 'tally-session') in hex, the same as node:crypto computes, and never the token", async () => {
    const value = await sessionValue(READ);
    expect(value).toBe(createHmac("sha256", READ).update("tally-session").digest("hex"));
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(value).not.toContain(READ);
    expect(await sessionValue("another")).not.toBe(value);
  });
});

describe("safeEqual", () => {
  it("compares whole values of any length", async () => {
    expect(await safeEqual("abc", "abc")).toBe(true);
    expect(await safeEqual("abc", "abd")).toBe(false);
    expect(await safeEqual("abc", "abcd")).toBe(false);
    expect(await safeEqual("", "x")).toBe(false);
  });
});

describe("safeNext", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeNext("/runs/abc?scenario=%7B%7D")).toBe("/runs/abc?scenario=%7B%7D");
    expect(safeNext("/compare?a=1&b=2#flips")).toBe("/compare?a=1&b=2#flips");
    expect(safeNext("/")).toBe("/");
  });

  it.each([
    null,
    undefined,
    "",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "runs/abc",
    "/\t/evil.example",
    "/%0a/evil",
    "/sign-in",
    "/sign-in?next=/x",
  ])("refuses %j", (next) => {
    const safe = safeNext(next);
    expect(safe.startsWith("/")).toBe(true);
    expect(safe.startsWith("//")).toBe(false);
    expect(new URL(safe, BASE).origin).toBe(BASE);
    if (next !== "/%0a/evil") expect(safe).toBe("/");
  });
});

describe("isOpenPath", () => {
  it("opens the sign-in page, its API, Next's assets and top-level files; nothing else", () => {
    for (const p of [
      "/sign-in",
      "/api/session",
      "/icon.svg",
      "/favicon.ico",
      "/_next/static/chunks/a.js",
      "/screenshot-run.png",
    ])
      expect(isOpenPath(p)).toBe(true);
    for (const p of [
      "/",
      "/runs/x",
      "/api/runs",
      "/api/runs/x/export.csv",
      "/sign-in/../runs",
      "/api/session/x",
      "/runs/a.svg",
    ])
      expect(isOpenPath(p)).toBe(false);
  });
});

describe("hasReadAccess", () => {
  it("is always true without a read token", async () => {
    expect(await hasReadAccess(new Request(`${BASE}/api/runs`))).toBe(true);
  });

  it("accepts the read token, the ingest token, or the session cookie; refuses the rest", async () => {
    process.env.TALLY_READ_TOKEN = READ;
    process.env.TALLY_INGEST_TOKEN = INGEST;
    const cookie = `${SESSION_COOKIE}=${await sessionValue(READ)}`;
    const ok = (headers: Record<string, string>) => hasReadAccess(new Request(`${BASE}/api/runs`, { headers }));
    expect(await ok({ authorization: `Bearer ${READ}` })).toBe(true);
    expect(await ok({ authorization: `bearer ${INGEST}` })).toBe(true);
    expect(await ok({ "x-tally-token": READ })).toBe(true);
    expect(await ok({ cookie: `theme=dark; ${cookie}` })).toBe(true);
    expect(await ok({})).toBe(false);
    expect(await ok({ authorization: "Bearer wrong" })).toBe(false);
    // The cookie holds the HMAC, so the token itself as the cookie is refused, and so is an HMAC of another token.
    expect(await ok({ cookie: `${SESSION_COOKIE}=${READ}` })).toBe(false);
    expect(await ok({ cookie: `${SESSION_COOKIE}=${await sessionValue("old-token")}` })).toBe(false);
  });
});

describe("hasIngestToken", () => {
  const carries = (headers: Record<string, string>) => hasIngestToken(new Headers(headers));

  it("is false whatever the headers when no ingest token is set: no header is a credential then", async () => {
    expect(await carries({ authorization: "Bearer anything" })).toBe(false);
    expect(await carries({})).toBe(false);
  });

  it("is true only for the ingest token in Authorization or X-Tally-Token; the read token and cookies are not it", async () => {
    process.env.TALLY_INGEST_TOKEN = INGEST;
    process.env.TALLY_READ_TOKEN = READ;
    expect(await carries({ authorization: `Bearer ${INGEST}` })).toBe(true);
    expect(await carries({ "x-tally-token": INGEST })).toBe(true);
    expect(await carries({ authorization: `Bearer ${READ}` })).toBe(false);
    expect(await carries({ authorization: "Bearer " })).toBe(false);
    expect(await carries({ cookie: `${SESSION_COOKIE}=${await sessionValue(READ)}` })).toBe(false);
  });
});

describe("proxy", () => {
  const CSP = /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/;

  it("without a read token lets everything through with the policy, the nonce and the security headers", async () => {
    const res = await proxy(request("/runs/abc"));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("content-security-policy")).toMatch(CSP);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // The nonce reaches the app on the request's headers, and is the one in the response's policy.
    const nonce = res.headers.get("x-middleware-request-x-nonce");
    expect(nonce).toBeTruthy();
    expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(
      res.headers.get("content-security-policy"),
    );
  });

  it("lets a stored file's bytes leave under the stored-file policy, not the page policy", async () => {
    for (const path of [`/api/files/${"a".repeat(64)}`, "/api/runs/abc/rollouts/t%2F1/image?path=a.png"]) {
      const res = await proxy(request(path));
      expect(res.headers.get("content-security-policy"), path).toBe(STORED_FILE_POLICY);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    expect((await proxy(request("/api/runs/abc/rollouts/t/trace"))).headers.get("content-security-policy")).toMatch(
      CSP,
    );
  });

  it("gives every request a fresh nonce", async () => {
    const a = (await proxy(request("/"))).headers.get("x-middleware-request-x-nonce");
    const b = (await proxy(request("/"))).headers.get("x-middleware-request-x-nonce");
    expect(a).not.toBe(b);
  });

  describe("with TALLY_READ_TOKEN set", () => {
    beforeEach(() => {
      process.env.TALLY_READ_TOKEN = READ;
      process.env.TALLY_INGEST_TOKEN = INGEST;
    });

    it("sends a page request without a session to /sign-in?next=<path and query>, with the headers", async () => {
      const res = await proxy(request("/runs/abc?scenario=x"));
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get("location")!);
      expect(location.origin).toBe(BASE);
      expect(location.pathname).toBe("/sign-in");
      expect(location.searchParams.get("next")).toBe("/runs/abc?scenario=x");
      expect(res.headers.get("content-security-policy")).toMatch(CSP);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("sends the home page to /sign-in without a next", async () => {
      const res = await proxy(request("/"));
      expect(res.headers.get("location")).toBe(`${BASE}/sign-in`);
    });

    it("never builds an open redirect from a crafted path", async () => {
      const res = await proxy(request("//evil.example/%2e%2e"));
      const location = new URL(res.headers.get("location")!);
      expect(location.origin).toBe(BASE);
      const next = location.searchParams.get("next") ?? "/";
      expect(new URL(next, BASE).origin).toBe(BASE);
    });

    it("answers an API request without a token 401 in the one error shape, and names no token", async () => {
      for (const path of [
        "/api/runs",
        "/api/runs/abc/report",
        "/api/runs/abc/export.csv",
        "/api/compare?a=1&b=2",
        "/api/files/00",
      ]) {
        const res = await proxy(request(path));
        expect(res.status).toBe(401);
        const body = await res.json();
        expect(body).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("read token") } });
        expect(JSON.stringify(body)).not.toContain(READ);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(res.headers.get("content-security-policy")).toMatch(CSP);
      }
      expect((await proxy(request("/api/runs", { headers: { authorization: "Bearer nope" } }))).status).toBe(401);
      expect((await proxy(request("/api/runs", { method: "POST" }))).status).toBe(401);
    });

    it("lets a Bearer read or ingest token, or the session cookie, through to pages and the API", async () => {
      const cookie = `${SESSION_COOKIE}=${await sessionValue(READ)}`;
      const cases: Record<string, string>[] = [
        { authorization: `Bearer ${READ}` },
        { authorization: `Bearer ${INGEST}` },
        { cookie },
      ];
      for (const headers of cases) {
        for (const path of ["/", "/runs/abc", "/api/runs"]) {
          const res = await proxy(request(path, { headers }));
          expect(res.headers.get("x-middleware-next"), `${path} ${Object.keys(headers)[0]}`).toBe("1");
          expect(res.headers.get("content-security-policy")).toMatch(CSP);
        }
      }
      // An upload with the ingest token passes the gate (the route handler then checks it as a write).
      const upload = await proxy(
        request("/api/runs", { method: "POST", headers: { authorization: `Bearer ${INGEST}` } }),
      );
      expect(upload.headers.get("x-middleware-next")).toBe("1");
    });

    it("refuses a stale cookie once the read token changes", async () => {
      const cookie = `${SESSION_COOKIE}=${await sessionValue(READ)}`;
      process.env.TALLY_READ_TOKEN = "rotated-token";
      expect((await proxy(request("/runs/abc", { headers: { cookie } }))).status).toBe(303);
      expect((await proxy(request("/api/runs", { headers: { cookie } }))).status).toBe(401);
    });

    it("keeps /sign-in, /api/session, the icon and static files open", async () => {
      for (const path of [
        "/sign-in",
        "/sign-in?next=%2Fruns",
        "/api/session",
        "/icon.svg",
        "/favicon.ico",
        "/_next/static/chunks/x.js",
      ]) {
        const res = await proxy(request(path, { method: path === "/api/session" ? "POST" : "GET" }));
        expect(res.headers.get("x-middleware-next"), path).toBe("1");
        expect(res.headers.get("content-security-policy")).toMatch(CSP);
      }
    });
  });
});
