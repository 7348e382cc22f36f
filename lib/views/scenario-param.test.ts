import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { readScenarioParam, scenarioIssueDetails } from "./scenario-param";
import { requestScenario } from "@/lib/api/scenario-request";

describe("the scenario parameter", () => {
  it("reads a valid one, carried on by links; absent or blank is as recorded and not carried", () => {
    const text = '{"weights":{"t1":2}}';
    expect(readScenarioParam(text)).toEqual({ scenario: { weights: { t1: 2 } }, carried: text, issues: null });
    for (const blank of [null, undefined, "", "  "])
      expect(readScenarioParam(blank)).toEqual({ scenario: {}, carried: null, issues: null });
  });

  it("reads an invalid one as recorded, with its issues, and does not carry it", () => {
    expect(readScenarioParam("{")).toEqual({
      scenario: {},
      carried: null,
      issues: [{ path: "", message: "not valid JSON" }],
    });
    const bad = readScenarioParam('{"weights":{"t1":"x"}}');
    expect(bad.carried).toBeNull();
    expect(bad.issues?.map((i) => i.path)).toEqual(["weights.t1"]);
  });

  it("gives the API one mapping: 422 with each path under `scenario`", () => {
    expect(
      scenarioIssueDetails([
        { path: "", message: "m" },
        { path: "flips.0", message: "n" },
      ]),
    ).toEqual([
      { path: "scenario", message: "m" },
      { path: "scenario.flips.0", message: "n" },
    ]);
    expect(requestScenario('{"passThreshold":0.5}')).toEqual({ passThreshold: 0.5 });
    let thrown: unknown;
    try {
      requestScenario('{"weights":{"t1":"x"}}');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: "invalid", details: [{ path: "scenario.weights.t1" }] });
  });
});
