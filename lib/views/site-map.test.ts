import { describe, expect, it } from "vitest";
import { rolloutHref, runHref, taskHref } from "@/lib/views/hrefs";
import { pageFileName, resolveHref, type SiteMap } from "./site-map";

const site: SiteMap = {
  runId: "r 1",
  tasks: { "finance/TASK-007": "1-finance-TASK-007.html" },
  rollouts: { "a#1": "1-a-1.html" },
};
const runPage = { appPath: runHref("r 1"), file: "index.html", root: "" };
const taskPage = { appPath: taskHref("r 1", "finance/TASK-007"), file: "1-finance-TASK-007.html", root: "../" };

describe("links inside a static bundle", () => {
  it("turns the app's paths into relative files, keeping the query and fragment", () => {
    expect(resolveHref(site, runPage, taskHref("r 1", "finance/TASK-007", '{"x":1}'))).toEqual({
      href: "tasks/1-finance-TASK-007.html?scenario=%7B%22x%22%3A1%7D",
      samePage: false,
    });
    expect(resolveHref(site, taskPage, rolloutHref("r 1", "a#1"))).toEqual({
      href: "../rollouts/1-a-1.html",
      samePage: false,
    });
    expect(resolveHref(site, taskPage, runHref("r 1", "{}"))).toEqual({
      href: "../index.html?scenario=%7B%7D",
      samePage: false,
    });
  });

  it("stays on the page for its own path (history, not a load)", () => {
    expect(resolveHref(site, runPage, `${runHref("r 1")}?diagnosis=solid#tasks-title`)).toEqual({
      href: "index.html?diagnosis=solid#tasks-title",
      samePage: true,
    });
    expect(resolveHref(site, runPage, runHref("r 1"))).toEqual({ href: "index.html", samePage: true });
    expect(resolveHref(site, runPage, "#tasks-title")).toEqual({ href: "#tasks-title", samePage: true });
  });

  it("has no link for pages the bundle does not hold", () => {
    expect(resolveHref(site, runPage, "/")).toBeNull();
    expect(resolveHref(site, runPage, "/api/runs/r%201/export.csv")).toBeNull();
    expect(resolveHref(site, runPage, taskHref("r 1", "missing"))).toBeNull();
    expect(resolveHref(site, runPage, taskHref("other", "finance/TASK-007"))).toBeNull();
  });

  it("names page files readably and uniquely", () => {
    expect(pageFileName(0, "finance/TASK-007")).toBe("1-finance-TASK-007.html");
    expect(pageFileName(4, "../../etc")).toBe("5-etc.html");
    expect(pageFileName(2, "日本")).toBe("3.html");
  });
});
