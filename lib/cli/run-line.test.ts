import { describe, expect, it } from "vitest";
import { runLine } from "./run-line";

describe("runLine", () => {
  it("counts the run's rollouts in the singular and the plural", () => {
    expect(runLine({ created: true, name: "one", id: "r1", rollouts: 1 })).toBe('Created run "one" (r1): 1 rollout');
    expect(runLine({ created: false, name: "two", id: "r2", rollouts: 19 })).toBe(
      'Updated run "two" (r2): 19 rollouts',
    );
  });
});
