import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRouteFor } from "./api-routes";
import { apiCall, apiPath, apiText, authHeader, withQuery } from "./client";
import { apiUrls } from "./client-routes";

describe("apiPath and apiUrls", () => {
  it("encodes each parameter as one segment, leaves out undefined query values and keeps commas readable", () => {
    expect(apiPath("/api/runs/[id]/rollouts/[rollout]", { id: "a b", rollout: "x/y#1?" })).toBe(
      "/api/runs/a%20b/rollouts/x%2Fy%231%3F",
    );
    expect(apiUrls.compareCsv({ runs: ["r1", "r2"], a: "r1", metric: null, scenario: '{"unscored":"fail"}' })).toBe(
      "/api/compare/export.csv?runs=r1,r2&a=r1&scenario=%7B%22unscored%22%3A%22fail%22%7D",
    );
    expect(withQuery(apiUrls.rolloutChecks({ id: "r", rollout: "x" }, "{}"), { offset: 0, limit: 5 })).toBe(
      "/api/runs/r/rollouts/x/checks?scenario=%7B%7D&offset=0&limit=5",
    );
    expect(apiUrls.report("r", null)).toBe("/api/runs/r/report");
  });

  it("builds only URLs of routes in the route table", () => {
    const ref = { id: "run/1", rollout: "task a/r#2" };
    const urls = [
      apiUrls.runCsv("x"),
      apiUrls.runZip("x"),
      apiUrls.report("x", "{}"),
      apiUrls.runBinary("x", 3),
      apiUrls.taskGrid("x", "incident/checkout", null),
      apiUrls.rolloutChecks(ref),
      apiUrls.rolloutTrace(ref),
      apiUrls.rolloutImage(ref),
      apiUrls.rolloutText(ref, "detail", 2),
      apiUrls.file("a".repeat(64), "result.json"),
      apiUrls.compareCsv({ runs: ["a", "b"], a: "a" }),
      apiUrls.upload(),
      apiUrls.session(),
    ];
    for (const url of urls) expect(apiRouteFor(new URL(url, "http://x").pathname), url).not.toBeNull();
  });

  it("sends a token in the Authorization header only, trimmed, and nothing without one", () => {
    expect(authHeader(" s3cret ")).toEqual({ authorization: "Bearer s3cret" });
    expect(authHeader("")).toEqual({});
    // On the server there is no tab to keep a token in.
    expect(authHeader()).toEqual({});
  });
});

describe("apiCall over HTTP", () => {
  const seen: { url: string; authorization: string | undefined; body: string }[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", authorization: req.headers.authorization, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.url === "/ok") return json(200, { n: 3 });
      if (req.url === "/odd") return json(200, { n: "three" });
      if (req.url === "/gone") return res.writeHead(204).end();
      if (req.url === "/text") return res.writeHead(200, { "content-type": "text/plain" }).end("whole text");
      if (req.url === "/locked") return json(401, { error: { code: "unauthorized", message: "Send the token." } });
      if (req.url === "/bad")
        return json(422, {
          error: { code: "invalid", message: "Invalid scenario.", details: [{ path: "name", message: "too long" }] },
        });
      res.writeHead(502).end("<html>proxy</html>");
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ZN = z.object({ n: z.number() });

  it("parses a JSON answer with its schema and refuses one that does not match", async () => {
    expect(await apiCall(`${base}/ok`, ZN)).toEqual({ ok: true, status: 200, data: { n: 3 } });
    expect(await apiCall(`${base}/odd`, ZN)).toMatchObject({
      ok: false,
      kind: "failed",
      message: "The server answered with something this page cannot read.",
    });
    expect(await apiCall(`${base}/gone`, null, { method: "DELETE" })).toMatchObject({ ok: true, status: 204 });
    expect(await apiText(`${base}/text`)).toEqual({ ok: true, status: 200, data: "whole text" });
  });

  it("reads errors from the one error shape, and says so when an answer is not in it", async () => {
    expect(await apiCall(`${base}/locked`, ZN)).toEqual({
      ok: false,
      kind: "unauthorized",
      status: 401,
      message: "Send the token.",
    });
    expect(await apiCall(`${base}/bad`, ZN, { method: "POST", json: { name: "x" } })).toMatchObject({
      status: 422,
      message: "Invalid scenario. name: too long.",
    });
    expect(await apiCall(`${base}/elsewhere`, ZN)).toMatchObject({
      kind: "failed",
      message: "The server answered 502.",
    });
    expect(await apiText(`${base}/locked`)).toMatchObject({ ok: false, kind: "unauthorized" });
  });

  it("sends the JSON body, and no token with a write when this side keeps none", async () => {
    seen.length = 0;
    await apiCall(`${base}/ok`, ZN, { method: "PATCH", json: { tags: ["a"] }, write: true });
    expect(seen).toEqual([{ url: "/ok", authorization: undefined, body: '{"tags":["a"]}' }]);
  });

  it("answers status 0 when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await apiCall(`http://127.0.0.1:${port}/ok`, ZN)).toEqual({
      ok: false,
      kind: "failed",
      status: 0,
      message: "The server could not be reached.",
    });
  });
});
