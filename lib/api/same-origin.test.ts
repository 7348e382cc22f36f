import { describe, expect, it } from "vitest";
import { isIpLiteral, isLoopbackName, parseHost, parseOrigin } from "./host-names";
import {
  bodyTypeRefusal,
  factsOf,
  hostRefusal,
  judge,
  mayCarryToken,
  methodRefusal,
  originRefusal,
  pathOf,
  pathRefusal,
  type TOriginSettings,
  type TRequestFacts,
} from "./same-origin";

// The rules of lib/api/same-origin.ts as pure functions of a request's method, path and headers.

const LOCAL: TOriginSettings = { HOST: "127.0.0.1", TALLY_ALLOWED_HOSTS: [], TALLY_ALLOWED_ORIGINS: [] };
const EXPOSED: TOriginSettings = {
  HOST: "0.0.0.0",
  TALLY_ALLOWED_HOSTS: ["tally.example.com", "ci.example.com:8443"],
  TALLY_ALLOWED_ORIGINS: ["https://dash.example.com"],
};

/** A write as a browser on http://127.0.0.1:3931 sends it to its own server, with `over` changed. */
function facts(over: Partial<TRequestFacts> = {}): TRequestFacts {
  return {
    method: "POST",
    pathname: "/api/scenarios",
    host: "127.0.0.1:3931",
    target: over.host ?? "127.0.0.1:3931",
    origin: "http://127.0.0.1:3931",
    secFetchSite: "same-origin",
    contentType: "application/json",
    contentLength: "20",
    transferEncoding: null,
    serverAction: false,
    ingestToken: false,
    ...over,
  };
}

describe("host names", () => {
  it("reads a Host as a browser writes it: case, trailing dot, IPv4 spellings, default ports", () => {
    expect(parseHost("LOCALHOST.:3000")).toEqual({ hostname: "localhost", host: "localhost:3000" });
    expect(parseHost("0x7f.1:80")).toEqual({ hostname: "127.0.0.1", host: "127.0.0.1" });
    expect(parseHost("tally.example.com:443", "https:")).toEqual({
      hostname: "tally.example.com",
      host: "tally.example.com",
    });
    expect(parseHost("::1")?.hostname).toBe("[::1]");
    expect(parseHost("[0:0:0:0:0:0:0:1]:3000")?.host).toBe("[::1]:3000");
    for (const bad of ["", "a b", "evil.example/x", "user@evil.example", "a\\b", "x:99999"])
      expect(parseHost(bad), bad).toBeNull();
  });

  it("tells loopback names and IP literals from names DNS could point anywhere", () => {
    for (const name of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"]) expect(isLoopbackName(name)).toBe(true);
    for (const name of ["localhost.evil.example", "128.0.0.1", "10.0.0.5", "[::2]"])
      expect(isLoopbackName(name)).toBe(false);
    expect(isIpLiteral("10.0.0.5")).toBe(true);
    expect(isIpLiteral("[fe80::1]")).toBe(true);
    expect(isIpLiteral("10.0.0.5.evil.example")).toBe(false);
  });

  it("reads an origin only when it is exactly one", () => {
    expect(parseOrigin("https://Tally.Example.com:443/")).toBe("https://tally.example.com");
    expect(parseOrigin("http://localhost:5173")).toBe("http://localhost:5173");
    for (const bad of ["null", "*", "file:///x", "https://a.example/path", "https://a.example?x", "a.example"])
      expect(parseOrigin(bad), bad).toBeNull();
  });
});

describe("the Host rule (DNS rebinding)", () => {
  const allowed = (host: string, settings = LOCAL) => hostRefusal(host, settings) === null;

  it("on the default 127.0.0.1 answers the loopback names on any port, and nothing else", () => {
    for (const host of ["127.0.0.1:3931", "localhost:3000", "LOCALHOST", "[::1]:3931", "localhost:8080"])
      expect(allowed(host), host).toBe(true);
    for (const host of ["attacker.example:3931", "attacker.example", "10.0.0.5:3931", "localhost.attacker.example"])
      expect(allowed(host), host).toBe(false);
  });

  it("answers the bound address when it is a name or a particular address", () => {
    expect(allowed("tally-box:3000", { ...LOCAL, HOST: "tally-box" })).toBe(true);
    expect(allowed("10.0.0.5:3000", { ...LOCAL, HOST: "10.0.0.5" })).toBe(true);
    expect(allowed("10.0.0.6:3000", { ...LOCAL, HOST: "10.0.0.5" })).toBe(false);
  });

  it("bound to a wildcard address answers any IP literal, and names only from TALLY_ALLOWED_HOSTS", () => {
    for (const host of ["10.0.0.5:3000", "[fe80::1]:3000", "tally.example.com", "tally.example.com:3000"])
      expect(allowed(host, EXPOSED), host).toBe(true);
    // A listed port is that port only.
    expect(allowed("ci.example.com:8443", EXPOSED)).toBe(true);
    expect(allowed("ci.example.com:3000", EXPOSED)).toBe(false);
    expect(allowed("attacker.example:3000", EXPOSED)).toBe(false);
    expect(allowed("[::]:3000", { ...EXPOSED, HOST: "::" })).toBe(true);
  });

  it("refuses in the API's shape, naming the Host and the setting; a request without Host is no browser's", () => {
    expect(hostRefusal("attacker.example:3931", LOCAL)).toEqual({
      code: "forbidden",
      message: expect.stringContaining("TALLY_ALLOWED_HOSTS"),
      details: { host: "attacker.example:3931" },
    });
    expect(hostRefusal("x".repeat(5000), LOCAL)!.message.length).toBeLessThan(400);
    expect(hostRefusal(null, LOCAL)).toBeNull();
  });
});

describe("the origin rule", () => {
  const refused = (over: Partial<TRequestFacts>, settings = LOCAL) => originRefusal(facts(over), settings) !== null;

  it("lets the page's own writes through: same-origin by Sec-Fetch-Site, or by Origin matching Host", () => {
    expect(refused({})).toBe(false);
    expect(refused({ secFetchSite: null })).toBe(false);
    // `npm start` opened at http://localhost:3000.
    expect(refused({ host: "localhost:3000", origin: "http://localhost:3000", secFetchSite: null })).toBe(false);
    // Behind a TLS proxy that keeps the Host: Origin https://name, Host name.
    expect(
      refused({ host: "tally.example.com", origin: "https://tally.example.com", secFetchSite: null }, EXPOSED),
    ).toBe(false);
    // A proxy that rewrites the Host: the browser still says same-origin.
    expect(refused({ host: "127.0.0.1:3000", origin: "https://tally.example.com" })).toBe(false);
  });

  it("lets a client that is no browser through: neither Origin nor Sec-Fetch-Site", () => {
    expect(refused({ origin: null, secFetchSite: null })).toBe(false);
  });

  it("refuses a write from another origin's page, same-site ones and the other loopback name included", () => {
    for (const over of [
      { origin: "http://evil.example", secFetchSite: "cross-site" },
      // Another port of localhost is same-site, never same-origin.
      { origin: "http://localhost:8123", secFetchSite: "same-site" },
      // The same server addressed as localhost is another origin than 127.0.0.1.
      { origin: "http://localhost:3931", secFetchSite: "cross-site" },
      { origin: "http://127.0.0.1:3932", secFetchSite: null },
      { origin: "null", secFetchSite: "cross-site" },
      { origin: "null", secFetchSite: null },
      { origin: null, secFetchSite: "cross-site" },
      { origin: "http://evil.example", secFetchSite: null },
      { origin: "http://127.0.0.1:3931.evil.example", secFetchSite: null },
    ])
      expect(refused(over), JSON.stringify(over)).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(refused({ method, origin: "http://evil.example", secFetchSite: "cross-site" })).toBe(true);
  });

  it("leaves reads alone: the browser keeps another origin from reading the answer", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(refused({ method, origin: "http://evil.example", secFetchSite: "cross-site" })).toBe(false);
  });

  it("lets listed origins through, and a header carrying the ingest token", () => {
    expect(
      refused({ host: "10.0.0.5:3000", origin: "https://dash.example.com", secFetchSite: "cross-site" }, EXPOSED),
    ).toBe(false);
    expect(refused({ origin: "https://other.example.com", secFetchSite: "cross-site" }, EXPOSED)).toBe(true);
    expect(refused({ origin: "http://evil.example", secFetchSite: "cross-site", ingestToken: true })).toBe(false);
  });

  it("says where the request came from and what would let it through", () => {
    const refusal = originRefusal(facts({ origin: "http://evil.example", secFetchSite: "cross-site" }), LOCAL);
    expect(refusal).toEqual({
      code: "forbidden",
      message: expect.stringMatching(/"http:\/\/evil\.example".*TALLY_ALLOWED_ORIGINS/),
      details: { origin: "http://evil.example", secFetchSite: "cross-site" },
    });
  });
});

describe("the body type rule", () => {
  const refusal = (over: Partial<TRequestFacts>) => bodyTypeRefusal(facts(over));

  it("refuses JSON sent as text/plain, and a body without a type, on JSON routes", () => {
    expect(refusal({ contentType: "text/plain;charset=UTF-8" })).toEqual({
      code: "unsupported_media_type",
      message: 'POST /api/scenarios reads application/json, not "text/plain".',
      details: { accepted: ["application/json"] },
    });
    expect(refusal({ contentType: null })?.code).toBe("unsupported_media_type");
    expect(refusal({ contentType: null, contentLength: null, transferEncoding: "chunked" })?.code).toBe(
      "unsupported_media_type",
    );
    expect(refusal({ pathname: "/api/runs/abc/baseline", contentType: "multipart/form-data; boundary=x" })?.code).toBe(
      "unsupported_media_type",
    );
    expect(refusal({ method: "PATCH", pathname: "/api/runs/abc", contentType: "text/plain" })?.code).toBe(
      "unsupported_media_type",
    );
  });

  it("reads each route's own types: JSON with a charset, multipart uploads, the sign-in form", () => {
    expect(refusal({ contentType: "Application/JSON; charset=utf-8" })).toBeNull();
    expect(refusal({ pathname: "/api/runs", contentType: "multipart/form-data; boundary=abc" })).toBeNull();
    expect(refusal({ pathname: "/api/runs", contentType: "text/plain" })?.details).toEqual({
      accepted: ["multipart/form-data"],
    });
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json"])
      expect(refusal({ pathname: "/api/session", contentType: type }), type).toBeNull();
  });

  it("lets a write without a body through (a DELETE), and leaves reads and pages alone", () => {
    expect(refusal({ method: "DELETE", pathname: "/api/runs/abc", contentType: null, contentLength: null })).toBeNull();
    expect(refusal({ method: "DELETE", pathname: "/api/runs/abc", contentType: null, contentLength: "0" })).toBeNull();
    expect(refusal({ method: "GET", pathname: "/api/runs", contentType: "text/plain" })).toBeNull();
    expect(refusal({ pathname: "/runs/abc", contentType: "text/plain", serverAction: true })).toBeNull();
  });
});

describe("the path and method rules", () => {
  it("refuses a percent-escape that does not decode, and nothing that does", () => {
    for (const path of ["/api/runs/%ZZ", "/runs/%E0%A4%A", "/%", "/api/runs/abc/rollouts/%FF"])
      expect(pathRefusal(path)?.code, path).toBe("malformed");
    for (const path of ["/api/runs/a%2Fb", "/runs/x/tasks/%E2%9C%93", "//evil.example/%2e%2e", "/"])
      expect(pathRefusal(path), path).toBeNull();
  });

  it("answers a method an API route lacks 405 with the route's methods in Allow", () => {
    expect(methodRefusal("PUT", "/api/live")).toEqual({
      code: "method_not_allowed",
      message: "/api/live answers GET, HEAD, OPTIONS, not PUT.",
      details: { allowed: ["GET", "HEAD", "OPTIONS"] },
      headers: { Allow: "GET, HEAD, OPTIONS" },
    });
    expect(methodRefusal("TRACE", "/api/runs")?.headers).toEqual({ Allow: "GET, POST, HEAD, OPTIONS" });
    expect(methodRefusal("GET", "/api/runs/abc/baseline")?.headers).toEqual({ Allow: "POST, OPTIONS" });
    for (const [method, path] of [
      ["GET", "/api/runs"],
      ["HEAD", "/api/runs/abc/report"],
      ["OPTIONS", "/api/live"],
      ["PATCH", "/api/runs/abc/"],
      ["PUT", "/api/scenarios/a%20b"],
      ["DELETE", "/api/session"],
    ] as const)
      expect(methodRefusal(method, path), `${method} ${path}`).toBeNull();
  });

  it("gives pages GET and HEAD (and a server action's POST); unknown API paths and Next's own go on to Next", () => {
    for (const method of ["PUT", "DELETE", "OPTIONS", "POST"])
      expect(methodRefusal(method, "/runs/abc")?.headers, method).toEqual({ Allow: "GET, HEAD" });
    expect(methodRefusal("POST", "/runs/abc", true)).toBeNull();
    expect(methodRefusal("HEAD", "/")).toBeNull();
    expect(methodRefusal("POST", "/api/nothing-here")).toBeNull();
    expect(methodRefusal("POST", "/_next/image")).toBeNull();
    expect(methodRefusal("TRACE", "/_next/static/a.js")?.code).toBe("method_not_allowed");
  });
});

describe("judge", () => {
  it("takes the rules in order: Host, path, method, origin, body type", () => {
    const cross = { origin: "http://evil.example", secFetchSite: "cross-site" };
    expect(
      judge(facts({ ...cross, host: "attacker.example:3931", pathname: "/api/runs/%ZZ" }), LOCAL)?.details,
    ).toEqual({ host: "attacker.example:3931" });
    expect(judge(facts({ ...cross, pathname: "/api/runs/%ZZ" }), LOCAL)?.code).toBe("malformed");
    expect(judge(facts({ ...cross, method: "PUT", pathname: "/api/live" }), LOCAL)?.code).toBe("method_not_allowed");
    expect(judge(facts({ ...cross, contentType: "text/plain" }), LOCAL)?.code).toBe("forbidden");
    expect(judge(facts({ contentType: "text/plain" }), LOCAL)?.code).toBe("unsupported_media_type");
    expect(judge(facts(), LOCAL)).toBeNull();
  });

  it("reads the facts off the headers: the Host header, else the URL's host for the origin check", () => {
    const headers = new Headers({
      origin: "http://tally.test",
      "content-type": "application/json",
      "next-action": "x",
    });
    expect(factsOf("post", "/api/runs/a%2Fb", headers, "tally.test", true)).toMatchObject({
      method: "POST",
      pathname: "/api/runs/a%2Fb",
      host: null,
      target: "tally.test",
      origin: "http://tally.test",
      secFetchSite: null,
      contentType: "application/json",
      serverAction: true,
      ingestToken: true,
    });
    headers.set("host", "127.0.0.1:3931");
    expect(factsOf("GET", "/", headers, "tally.test", false)).toMatchObject({
      host: "127.0.0.1:3931",
      target: "127.0.0.1:3931",
    });
  });

  it("checks for a token only on writes that carry a token header", () => {
    expect(mayCarryToken("POST", new Headers({ authorization: "Bearer x" }))).toBe(true);
    expect(mayCarryToken("delete", new Headers({ "x-tally-token": "x" }))).toBe(true);
    expect(mayCarryToken("GET", new Headers({ authorization: "Bearer x" }))).toBe(false);
    expect(mayCarryToken("POST", new Headers({ cookie: "tally-session=x" }))).toBe(false);
  });

  it("reads the path of a request target as sent", () => {
    expect(pathOf("/api/runs/%ZZ?x=%ZZ#y")).toBe("/api/runs/%ZZ");
    expect(pathOf("http://127.0.0.1:3931/api/runs/a%2Fb?x")).toBe("/api/runs/a%2Fb");
    expect(pathOf("*")).toBe("/");
  });

  it("refuses methods Next.js cannot build a request for, on pages and routes alike", () => {
    expect(
      judge(facts({ method: "TRACE", pathname: "/api/runs", origin: null, secFetchSite: null }), LOCAL)?.headers,
    ).toEqual({
      Allow: "GET, POST, HEAD, OPTIONS",
    });
    expect(
      judge(facts({ method: "PROPFIND", pathname: "/", origin: null, secFetchSite: null }), LOCAL)?.headers,
    ).toEqual({
      Allow: "GET, HEAD",
    });
    expect(judge(facts({ method: "GET", pathname: "/_next/static/%ZZ" }), LOCAL)?.code).toBe("malformed");
  });
});
