import { describe, expect, it } from "vitest";
import { firstValues, searchParamsOf, viewKey, withQuery, type UrlCodec } from "./url-codec";

describe("URL codec helpers", () => {
  it("reads Next's searchParams object like URLSearchParams: a repeated key gives its first value", () => {
    const params = searchParamsOf({ q: ["silo", "other"], sort: "name", gone: undefined });
    expect(params.toString()).toBe("q=silo&q=other&sort=name");
    expect(firstValues(params, ["q", "sort", "dir"])).toEqual({ q: "silo", sort: "name" });
    const same = new URLSearchParams("a=1");
    expect(searchParamsOf(same)).toBe(same);
  });

  it("keys a view by its own parameters only, in URLSearchParams' encoding", () => {
    const codec: UrlCodec<{ sort: string }> = {
      parse: (p) => ({ sort: p.get("sort") ?? "" }),
      write: (view, current) => {
        const params = new URLSearchParams(current);
        params.set("sort", view.sort);
        return params.toString().replace(/%3A/gi, ":");
      },
    };
    expect(viewKey(codec, { sort: "metric:grounding" })).toBe("sort=metric%3Agrounding");
    expect(viewKey(codec, codec.parse(new URLSearchParams("scenario=x&sort=metric:grounding")))).toBe(
      "sort=metric%3Agrounding",
    );
  });

  it("adds a query string only when there is one", () => {
    expect(withQuery("/runs/x", "")).toBe("/runs/x");
    expect(withQuery("/runs/x", "a=1")).toBe("/runs/x?a=1");
  });
});
