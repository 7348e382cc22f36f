import { describe, expect, it } from "vitest";
import { withQuery } from "@/components/url-state/url-codec";
import { DEFAULT_RUNS_VIEW, compareHref, parseRunsView, runsViewCodec, serializeRunsView } from "./runs-view";

const runsViewHref = (view: typeof DEFAULT_RUNS_VIEW) => withQuery("/", serializeRunsView(view));

describe("runs list URL state", () => {
  it("reads the default view from an empty query", () => {
    expect(parseRunsView(new URLSearchParams(""))).toEqual(DEFAULT_RUNS_VIEW);
    expect(parseRunsView({})).toEqual(DEFAULT_RUNS_VIEW);
  });

  it("reads filter, sort, direction and selection from URLSearchParams and from Next's searchParams object", () => {
    const expected = { q: "silo", tag: null, series: null, sort: "passRate", dir: "desc", selected: ["a", "b"] };
    expect(parseRunsView(new URLSearchParams("q=silo&sort=passRate&dir=desc&selected=a,b"))).toEqual(expected);
    expect(parseRunsView({ q: ["silo", "other"], sort: "passRate", dir: "desc", selected: "a,b" })).toEqual(expected);
  });

  it("falls back to defaults for unknown sort keys and directions, and drops duplicate or empty ids", () => {
    expect(parseRunsView(new URLSearchParams("sort=__proto__&dir=desc"))).toEqual(DEFAULT_RUNS_VIEW);
    expect(parseRunsView(new URLSearchParams("sort=name&dir=sideways")).dir).toBe("asc");
    expect(parseRunsView(new URLSearchParams("selected=a,,b,a, ")).selected).toEqual(["a", "b"]);
  });

  it("writes defaults as nothing and keeps a fixed key order", () => {
    expect(serializeRunsView(DEFAULT_RUNS_VIEW)).toBe("");
    expect(serializeRunsView({ q: "  ", tag: null, series: null, sort: null, dir: "desc", selected: [] })).toBe("");
    expect(
      serializeRunsView({ q: "gpt 5", tag: null, series: null, sort: "meanReward", dir: "desc", selected: ["x", "y"] }),
    ).toBe("q=gpt+5&sort=meanReward&dir=desc&selected=x,y");
  });

  it("round-trips a view, markup and ampersands in the filter included", () => {
    const view = {
      q: "<b>&c=d",
      tag: "agent v2",
      series: "nightly ✓",
      sort: "date" as const,
      dir: "asc" as const,
      selected: ["r1"],
    };
    expect(parseRunsView(new URLSearchParams(serializeRunsView(view)))).toEqual(view);
    expect(runsViewHref(view)).toMatch(/^\/\?q=/);
    expect(runsViewHref(DEFAULT_RUNS_VIEW)).toBe("/");
  });

  it("keeps a tag filter, and reads a tag no run could have (a comma, too long) as no filter", () => {
    expect(parseRunsView(new URLSearchParams("tag=nightly")).tag).toBe("nightly");
    expect(serializeRunsView({ ...DEFAULT_RUNS_VIEW, q: "silo", tag: "nightly" })).toBe("q=silo&tag=nightly");
    expect(parseRunsView(new URLSearchParams("tag=a,b")).tag).toBeNull();
    expect(parseRunsView(new URLSearchParams(`tag=${"x".repeat(61)}`)).tag).toBeNull();
  });

  it("keeps a series filter, and reads a name no series could have as no filter", () => {
    expect(parseRunsView(new URLSearchParams("series=nightly")).series).toBe("nightly");
    expect(serializeRunsView({ ...DEFAULT_RUNS_VIEW, tag: "x", series: "nightly" })).toBe("tag=x&series=nightly");
    expect(parseRunsView(new URLSearchParams("series=a/b")).series).toBeNull();
  });

  it("links the compare page with the runs in the order they were picked", () => {
    expect(compareHref(["b", "a", "c"])).toBe("/compare?runs=b,a,c");
  });

  it("reads back what it writes, so a written URL is recognised when it lands", () => {
    const view = {
      q: "gpt 5",
      tag: null,
      series: null,
      sort: "correctness" as const,
      dir: "desc" as const,
      selected: ["x", "y"],
    };
    const query = runsViewCodec.write(view, new URLSearchParams("ignored=1"));
    expect(query).toBe("q=gpt+5&sort=correctness&dir=desc&selected=x,y");
    expect(runsViewCodec.write(parseRunsView(new URLSearchParams(query)), new URLSearchParams())).toBe(query);
  });
});
