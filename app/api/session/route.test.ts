import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE, sessionValue } from "@/lib/api/read-gate";
import { proxy } from "@/proxy";
import { DELETE, POST } from "./route";

// POST/DELETE /api/session called directly with real Requests; process.env is set per test.
const READ = "read-secret-token";
const INGEST = "ingest-secret-token";

function signIn(body: unknown, init: { url?: string; headers?: Record<string, string>; raw?: string } = {}) {
  return POST(
    new Request(init.url ?? "http://tally.test/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", ...init.headers },
      body: init.raw ?? JSON.stringify(body),
    }),
  );
}

function formSignIn(fields: Record<string, string>) {
  return POST(new Request("http://tally.test/api/session", { method: "POST", body: new URLSearchParams(fields) }));
}

/** The Set-Cookie header parsed into its value and lowercase attributes. */
function setCookie(res: Response) {
  const header = res.headers.get("set-cookie");
  expect(header).toBeTruthy();
  const [pair, ...attrs] = header!.split(";").map((s) => s.trim());
  const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
  return { name, value, attrs: attrs.map((a) => a.toLowerCase()), header: header! };
}

beforeEach(() => {
  process.env.TALLY_READ_TOKEN = READ;
  process.env.TALLY_INGEST_TOKEN = INGEST;
});
afterEach(() => {
  delete process.env.TALLY_READ_TOKEN;
  delete process.env.TALLY_INGEST_TOKEN;
  vi.restoreAllMocks();
});

describe("POST /api/session", () => {
  it("sets an HttpOnly, SameSite=Strict cookie holding the HMAC of the read token, never the token", async () => {
    const res = await signIn({ token: READ });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: true, required: true });
    const cookie = setCookie(res);
    expect(cookie.name).toBe(SESSION_COOKIE);
    expect(cookie.value).toBe(await sessionValue(READ));
    expect(cookie.header).not.toContain(READ);
    expect(cookie.attrs).toContain("httponly");
    expect(cookie.attrs).toContain("samesite=strict");
    expect(cookie.attrs).toContain("path=/");
    expect(cookie.attrs).not.toContain("secure");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("marks the cookie Secure over HTTPS, directly or behind a proxy that says so", async () => {
    expect(setCookie(await signIn({ token: READ }, { url: "https://tally.test/api/session" })).attrs).toContain(
      "secure",
    );
    expect(setCookie(await signIn({ token: READ }, { headers: { "x-forwarded-proto": "https" } })).attrs).toContain(
      "secure",
    );
  });

  it("also signs in with the ingest token; the cookie is still the read token's HMAC", async () => {
    const res = await signIn({ token: INGEST });
    expect(res.status).toBe(200);
    expect(setCookie(res).value).toBe(await sessionValue(READ));
  });

  it("answers a wrong token 401 in the one error shape, sets no cookie, and neither echoes nor logs a token", async () => {
    const log = vi.spyOn(console, "log");
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    const res = await signIn({ token: "guess-123" });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    for (const secret of ["guess-123", READ, INGEST]) expect(text).not.toContain(secret);
    const logged = JSON.stringify([log.mock.calls, error.mock.calls, warn.mock.calls]);
    for (const secret of ["guess-123", READ, INGEST]) expect(logged).not.toContain(secret);
  });

  it("answers malformed JSON 400 and a missing token 422", async () => {
    expect((await signIn(null, { raw: "{not json" })).status).toBe(400);
    const missing = await signIn({});
    expect(missing.status).toBe(422);
    expect((await missing.json()).error).toMatchObject({ code: "invalid", details: [{ path: "token" }] });
    expect((await signIn({ token: "   " })).status).toBe(422);
  });

  it("without a read token has nothing to sign in to: 200, no cookie", async () => {
    delete process.env.TALLY_READ_TOKEN;
    const res = await signIn({ token: "anything" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: true, required: false });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("answers a plain form post (no JavaScript) with relative redirects to a safe next or back to sign-in", async () => {
    // Relative: behind a proxy the browser resolves them against the address it used, not the server's own.
    const ok = await formSignIn({ token: READ, next: "/runs/abc?x=1" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/runs/abc?x=1");
    expect(setCookie(ok).value).toBe(await sessionValue(READ));

    const evil = await formSignIn({ token: READ, next: "//evil.example/" });
    expect(evil.headers.get("location")).toBe("/");

    const wrong = await formSignIn({ token: "nope", next: "/compare" });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(wrong.headers.get("location")).toBe("/sign-in?error=rejected&next=%2Fcompare");
    expect(wrong.headers.get("location")).not.toContain("nope");
    expect((await formSignIn({ next: "/compare" })).headers.get("location")).toBe(
      "/sign-in?error=missing&next=%2Fcompare",
    );

    delete process.env.TALLY_READ_TOKEN;
    expect((await formSignIn({ token: "x", next: "/runs/abc" })).headers.get("location")).toBe("/runs/abc");
  });

  it("gives a cookie the proxy accepts for pages and the API", async () => {
    const { value } = setCookie(await signIn({ token: READ }));
    const cookie = `${SESSION_COOKIE}=${value}`;
    const page = await proxy(new NextRequest("http://tally.test/runs/abc", { headers: { cookie } }));
    expect(page.headers.get("x-middleware-next")).toBe("1");
    const api = await proxy(new NextRequest("http://tally.test/api/runs", { headers: { cookie } }));
    expect(api.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("DELETE /api/session", () => {
  it("clears the cookie", async () => {
    const res = await DELETE(new Request("http://tally.test/api/session", { method: "DELETE" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: false });
    const cookie = setCookie(res);
    expect(cookie.name).toBe(SESSION_COOKIE);
    expect(cookie.value).toBe("");
    expect(cookie.attrs).toContain("max-age=0");
    expect(cookie.attrs).toContain("httponly");
  });
});
