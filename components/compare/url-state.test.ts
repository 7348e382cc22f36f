import { describe, expect, it } from "vitest";
import { compareCsvHref, compareViewHref, parseCompareView, sortHref } from "./url-state";

describe("compare URL state", () => {
  it("reads the false discovery rate; one outside (0, 0.5] falls back to the default", () => {
    expect(parseCompareView(new URLSearchParams("runs=x,y&fdr=0.1")).fdr).toBe(0.1);
    expect(parseCompareView(new URLSearchParams("runs=x,y&fdr=0.9")).fdr).toBeNull();
    expect(parseCompareView(new URLSearchParams("runs=x,y&fdr=abc")).fdr).toBeNull();
  });

  it("parses runs, a, metric, filter and sort; malformed values fall back to defaults", () => {
    expect(
      parseCompareView(new URLSearchParams("runs=x,y,x&a=y&metric=correctness&filter=changed&sort=abs&dir=desc")),
    ).toEqual({
      runs: ["x", "y"],
      a: "y",
      metric: "correctness",
      changedOnly: true,
      sort: "abs",
      dir: "desc",
      page: 1,
      scenario: null,
      fdr: null,
    });
    expect(parseCompareView({ runs: ["p,q"], sort: "nope", dir: "up", metric: "<script>", filter: "all" })).toEqual({
      runs: ["p", "q"],
      a: null,
      metric: null,
      changedOnly: false,
      sort: "delta",
      dir: "asc",
      page: 1,
      scenario: null,
      fdr: null,
    });
    expect(parseCompareView(new URLSearchParams("runs=x,x")).runs, "one run compared with itself").toEqual(["x", "x"]);
    expect(parseCompareView(new URLSearchParams("runs=x")).runs).toEqual(["x"]);
    expect(parseCompareView(new URLSearchParams("runs=x,y&page=3")).page).toBe(3);
    for (const bad of ["0", "-1", "2.5", "x", "99999999"])
      expect(parseCompareView(new URLSearchParams(`runs=x,y&page=${bad}`)).page).toBe(1);
  });

  it("keeps the scenario in every link and in the CSV export", () => {
    const text = JSON.stringify({ headline: { scheme: "check" }, unscored: "fail" });
    const view = parseCompareView(new URLSearchParams({ runs: "x,y", scenario: ` ${text} ` }));
    expect(view.scenario).toBe(text);
    const linked = new URL(compareViewHref(view, { sort: "key", dir: "asc" }), "http://t").searchParams;
    expect(linked.get("scenario")).toBe(text);
    expect(new URL(compareCsvHref(view, { a: "x", candidates: ["y"] }), "http://t").searchParams.get("scenario")).toBe(
      text,
    );
    expect(parseCompareView(new URLSearchParams("runs=x,y&scenario=")).scenario).toBeNull();
  });

  it("keeps the page only when a link asks for it: sorting or filtering starts at page 1", () => {
    const view = parseCompareView(new URLSearchParams("runs=x,y&page=3"));
    expect(compareViewHref(view, { page: 4 })).toBe("/compare?runs=x,y&page=4");
    expect(compareViewHref(view, { changedOnly: true })).toBe("/compare?runs=x,y&filter=changed");
    expect(sortHref(view, "key", "asc")).toBe("/compare?runs=x,y&sort=key&dir=asc");
  });

  it("writes defaults out and keeps commas readable", () => {
    const view = parseCompareView(new URLSearchParams("runs=x,y"));
    expect(compareViewHref(view)).toBe("/compare?runs=x,y");
    expect(compareViewHref(view, { changedOnly: true, sort: "key", dir: "asc" })).toBe(
      "/compare?runs=x,y&filter=changed&sort=key&dir=asc",
    );
    expect(compareViewHref(view, { runs: ["y", "x"], a: "y" })).toBe("/compare?runs=y,x&a=y");
    expect(compareViewHref({ ...view, runs: [] })).toBe("/compare");
  });

  it("a sortable header flips the direction of the current sort, else starts with its own", () => {
    const view = parseCompareView(new URLSearchParams("runs=x,y"));
    expect(sortHref(view, "delta", "asc")).toBe("/compare?runs=x,y&sort=delta&dir=desc");
    expect(sortHref(view, "abs", "desc")).toBe("/compare?runs=x,y&sort=abs&dir=desc");
  });

  it("the CSV link names A first and carries the metric", () => {
    const view = parseCompareView(new URLSearchParams("runs=x,y&metric=reward"));
    expect(compareCsvHref(view, { a: "y", candidates: ["x"] })).toBe(
      "/api/compare/export.csv?runs=y,x&a=y&metric=reward",
    );
  });
});
