import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allowedMethods, API_ROUTES, apiRouteFor } from "./api-routes";

const root = fileURLToPath(new URL("../..", import.meta.url));
const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** Every route file under app/api, as the path it serves ("/api/runs/[id]"). */
function routeFiles(dir = path.join(root, "app", "api")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

describe("API_ROUTES", () => {
  it("lists every route file under app/api with exactly the methods it exports", async () => {
    const found: Record<string, string[]> = {};
    for (const file of routeFiles()) {
      const served = `/${path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep).join("/")}`;
      const module = (await import(file)) as Record<string, unknown>;
      found[served] = HTTP_METHODS.filter((m) => typeof module[m] === "function").sort();
    }
    const listed = Object.fromEntries(API_ROUTES.map((r) => [r.path, Object.keys(r.methods).sort()]));
    expect(listed).toEqual(found);
  });

  it("names the body types of every write and none for GET", () => {
    for (const route of API_ROUTES) {
      for (const [method, types] of Object.entries(route.methods)) {
        if (method === "GET") expect(types, route.path).toEqual([]);
        else expect(types.length, `${method} ${route.path}`).toBeGreaterThan(0);
      }
    }
  });
});

describe("apiRouteFor", () => {
  it("matches a path segment by segment, a bracketed segment taking any one non-empty segment", () => {
    expect(apiRouteFor("/api/runs")?.path).toBe("/api/runs");
    expect(apiRouteFor("/api/runs/")?.path).toBe("/api/runs");
    expect(apiRouteFor("/api/runs/a%2Fb")?.path).toBe("/api/runs/[id]");
    expect(apiRouteFor("/api/runs/abc/export.csv")?.path).toBe("/api/runs/[id]/export.csv");
    expect(apiRouteFor("/api/runs/abc/rollouts/r%2F1/trace")?.path).toBe("/api/runs/[id]/rollouts/[rollout]/trace");
    expect(apiRouteFor("/api/compare/export.csv")?.path).toBe("/api/compare/export.csv");
    for (const none of ["/api", "/api/runs//baseline", "/api/nothing", "/runs/abc", "/api/runs/a/b/c/d/e/f/g"])
      expect(apiRouteFor(none), none).toBeNull();
  });

  it("allows HEAD with GET, and OPTIONS everywhere", () => {
    expect(allowedMethods(apiRouteFor("/api/runs")!)).toEqual(["GET", "POST", "HEAD", "OPTIONS"]);
    expect(allowedMethods(apiRouteFor("/api/session")!)).toEqual(["POST", "DELETE", "OPTIONS"]);
  });
});
