import { describe, expect, it } from "vitest";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { scenarioHref } from "./scenario-href";

describe("scenarioHref", () => {
  it("sets the scenario and keeps the other parameters", () => {
    const href = scenarioHref("/runs/x", "?sort=name&scenario=%7B%7D", { headline: { scheme: "check" } });
    const url = new URL(href, "http://h");
    expect(url.pathname).toBe("/runs/x");
    expect(url.searchParams.get("sort")).toBe("name");
    expect(parseScenarioParam(url.searchParams.get("scenario"))).toEqual({
      success: true,
      data: { headline: { scheme: "check" } },
    });
  });

  it("removes the parameter for the run as recorded", () => {
    expect(scenarioHref("/runs/x", "?scenario=%7B%22unscored%22%3A%22fail%22%7D", {})).toBe("/runs/x");
    expect(scenarioHref("/runs/x", "?a=1&scenario=x", { unscored: "exclude" })).toBe("/runs/x?a=1");
    expect(scenarioHref("/runs/x", "", {})).toBe("/runs/x");
  });
});
