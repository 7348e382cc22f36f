import { describe, expect, it } from "vitest";
import { failureOrigin, noFailedCheckWords } from "./failure-origin";

const r = (status: "scored" | "unscored", passed: boolean, failedRequired: string[] = []) => ({
  status,
  passed,
  failedRequired,
});

describe("failureOrigin", () => {
  it("counts failing rollouts decided by their reward apart from those a required check failed", () => {
    const rollouts = [
      r("scored", true),
      r("scored", false),
      r("scored", false),
      r("scored", false, ["C1"]),
      r("unscored", false),
    ];
    const origin = failureOrigin({ rollouts } as never);
    expect(origin).toEqual({ failed: 3, byRewardOnly: 2, unscored: 1 });
  });

  it("says what decided the verdicts when no required check failed", () => {
    expect(noFailedCheckWords({ failed: 9, byRewardOnly: 9, unscored: 0 })).toBe(
      "No required check failed: the 9 failing rollouts failed on their reward or grade (below what passing needs), not on a check.",
    );
    expect(noFailedCheckWords({ failed: 1, byRewardOnly: 1, unscored: 2 })).toBe(
      "No required check failed: the 1 failing rollout failed on its reward or grade (below what passing needs), not on a check. 2 unscored rollouts had no verdict.",
    );
    expect(noFailedCheckWords({ failed: 0, byRewardOnly: 0, unscored: 0 })).toBe(
      "No required check failed and no scored rollout failed in this run.",
    );
  });
});
