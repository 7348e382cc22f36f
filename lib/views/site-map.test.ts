import { describe, expect, it } from "vitest";
import { rolloutHref, runHref, taskHref } from "@/lib/views/hrefs";
import { detailOfAppPath, resolveHref, routeOfLocation, type SiteMap } from "./site-map";

const site: SiteMap = { runId: "r 1" };

describe("links inside a static bundle", () => {
  it("turns task and rollout paths into routes of index.html, the query inside the route", () => {
    expect(resolveHref(site, taskHref("r 1", "finance/TASK-007", '{"x":1}'))).toEqual({
      href: "index.html#/tasks/finance%2FTASK-007?scenario=%7B%22x%22%3A1%7D",
      samePage: true,
    });
    expect(resolveHref(site, rolloutHref("r 1", "a#1"))).toEqual({
      href: "index.html#/rollouts/a%231",
      samePage: true,
    });
    expect(resolveHref(site, runHref("r 1", "{}"))).toEqual({
      href: "index.html?scenario=%7B%7D",
      samePage: true,
    });
  });

  it("keeps the run page's query and fragment", () => {
    expect(resolveHref(site, `${runHref("r 1")}?diagnosis=solid#tasks-title`)).toEqual({
      href: "index.html?diagnosis=solid#tasks-title",
      samePage: true,
    });
    expect(resolveHref(site, "#tasks-title")).toEqual({ href: "#tasks-title", samePage: true });
  });

  it("has no link for pages the bundle does not hold", () => {
    expect(resolveHref(site, "/")).toBeNull();
    expect(resolveHref(site, "/api/runs/r%201/export.csv")).toBeNull();
    expect(resolveHref(site, taskHref("other", "finance/TASK-007"))).toBeNull();
  });

  it("reads the route back from the URL: the fragment's path and query, else the run page", () => {
    expect(routeOfLocation(site, "?scenario=%7B%7D", "#tasks-title")).toEqual({
      appPath: "/runs/r%201",
      search: "?scenario=%7B%7D",
    });
    const route = routeOfLocation(site, "", "#/tasks/finance%2FTASK-007?scenario=%7B%7D");
    expect(route).toEqual({ appPath: "/runs/r%201/tasks/finance%2FTASK-007", search: "?scenario=%7B%7D" });
    expect(detailOfAppPath(site, route.appPath)).toEqual({ kind: "task", key: "finance/TASK-007" });
    expect(detailOfAppPath(site, routeOfLocation(site, "", "#/rollouts/a%231").appPath)).toEqual({
      kind: "rollout",
      key: "a#1",
    });
    expect(detailOfAppPath(site, "/runs/r%201")).toBeNull();
  });
});
