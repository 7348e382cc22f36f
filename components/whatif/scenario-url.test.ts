import { describe, expect, it } from "vitest";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { withQuery } from "@/components/url-state/url-codec";
import { scenarioCodec } from "./scenario-url";

const scenarioHref = (path: string, search: string, scenario: Scenario) =>
  withQuery(path, scenarioCodec.write(scenario, new URLSearchParams(search)));

describe("the scenario URL parameter", () => {
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

  it("reads a missing or broken parameter as the run as recorded, and reads back what it writes", () => {
    expect(scenarioCodec.parse(new URLSearchParams(""))).toEqual({});
    expect(scenarioCodec.parse(new URLSearchParams("scenario=%7Bnot+json"))).toEqual({});
    expect(scenarioCodec.parse(new URLSearchParams("scenario=%7B%22unknown%22%3A1%7D"))).toEqual({});
    const scenario: Scenario = { headline: { scheme: "check" }, unscored: "fail" };
    const query = scenarioCodec.write(scenario, new URLSearchParams("page=2"));
    expect(scenarioCodec.parse(new URLSearchParams(query))).toEqual(scenario);
    expect(scenarioCodec.write(scenarioCodec.parse(new URLSearchParams(query)), new URLSearchParams("page=2"))).toBe(
      query,
    );
  });

  it("keeps a budget in the URL and reads it back; an invalid limit reads as the run as recorded", () => {
    const scenario: Scenario = { unscored: "fail", budget: { costUsd: 0.5, toolCalls: 40 } };
    const query = scenarioCodec.write(scenario, new URLSearchParams(""));
    expect(new URLSearchParams(query).get("scenario")).toBe(
      '{"unscored":"fail","budget":{"costUsd":0.5,"toolCalls":40}}',
    );
    expect(scenarioCodec.parse(new URLSearchParams(query))).toEqual(scenario);
    expect(scenarioCodec.write({ budget: {} }, new URLSearchParams("a=1"))).toBe("a=1");
    const negative = new URLSearchParams({ scenario: '{"budget":{"tokens":-1}}' });
    expect(scenarioCodec.parse(negative)).toEqual({});
  });
});
