import { describe, expect, it } from "vitest";
import {
  compareFailureGroups,
  failureFactsOf,
  failureGroups,
  groupKeyOf,
  maskErrorMessage,
  GROUP_TASKS_NAMED,
  MESSAGE_LIMIT,
  pageFailureGroups,
  rolloutsInGroup,
  sortFailureGroups,
  type FailureFacts,
} from "./failure-groups";

describe("maskErrorMessage", () => {
  it.each([
    ["Agent execution timed out after 600.0 seconds", "Agent execution timed out after <n> seconds"],
    ["exit code 137", "exit code <n>"],
    [
      "FileNotFoundError: [Errno 2] No such file or directory: '/logs/verifier/reward.txt'",
      "FileNotFoundError: [Errno <n>] No such file or directory: '<path>'",
    ],
    ["cannot open src/dates.py line 14", "cannot open <path> line <n>"],
    ["C:\\Users\\me\\run.log missing", "<path> missing"],
    ["trial 3f9c2a71-5d0e-4b8a-9c1d-2e7f6a4b8c90 failed", "trial <id> failed"],
    ["container a3f9e2c1d4b5 exited", "container <id> exited"],
    ["call call_VSPygqKTWdrhaFErNvMV18Yl rejected", "call <id> rejected"],
    ["GET https://api.example.com/v1/orders/1043?x=1 returned 403", "GET <url> returned <n>"],
    ["  spread\n\tover   lines  ", "spread over lines"],
    ["value -3.5e-4 at 0x7ffe", "value <n> at <n>"],
  ])("%s", (input, masked) => {
    expect(maskErrorMessage(input)).toBe(masked);
  });

  it("two occurrences of one failure mask alike; different failures stay apart", () => {
    const a = maskErrorMessage(
      "RewardFileNotFoundError: /trials/abc__F8Fc7fn/verifier/reward.txt not found after 12.5s",
    );
    const b = maskErrorMessage("RewardFileNotFoundError: /trials/xyz__JkcRFYa/verifier/reward.txt not found after 3s");
    expect(a).toBe(b);
    expect(maskErrorMessage("permission denied")).not.toBe(maskErrorMessage("connection refused"));
  });

  it("words with no digit are kept, however long", () => {
    expect(maskErrorMessage("ModuleNotFoundError: No module named 'click'")).toBe(
      "ModuleNotFoundError: No module named 'click'",
    );
  });

  it("a huge message is cut, reading only a bounded prefix", () => {
    const huge = "Traceback " + "frame ".repeat(2_000_000);
    const masked = maskErrorMessage(huge);
    expect(masked.length).toBe(MESSAGE_LIMIT);
    expect(masked.endsWith("…")).toBe(true);
  });
});

const fact = (id: string, task: string, fields: Partial<FailureFacts> = {}): FailureFacts => ({
  id,
  task,
  status: "scored",
  passed: false,
  failedRequired: [],
  failureTags: [],
  errorType: null,
  message: null,
  lastTool: null,
  ...fields,
});

describe("failureGroups", () => {
  const facts: FailureFacts[] = [
    fact("r1", "a", { failedRequired: ["C2", "C1"], failureTags: ["WRONG"], lastTool: "bash" }),
    fact("r2", "b", { failedRequired: ["C1", "C2"], failureTags: ["WRONG"], lastTool: "bash" }),
    fact("r3", "a", { status: "unscored", errorType: "RuntimeError", message: "exit code 1 in /tmp/x" }),
    fact("r4", "c", { status: "unscored", errorType: "RuntimeError", message: "exit code 2 in /tmp/y" }),
    fact("r5", "c", { status: "unscored", errorType: "RuntimeError", message: "out of memory" }),
    // A timeout that still passed is no failure.
    fact("r6", "d", { passed: true, errorType: "AgentTimeoutError", message: "timed out after 600 s" }),
    fact("r7", "d", { failedRequired: ["C1", "C2"], failureTags: ["WRONG"], lastTool: "edit" }),
  ];
  const groups = failureGroups(facts, 10);

  it("groups by failed checks, tags, error type, masked message and last tool; passes are left out", () => {
    expect(groups.map((g) => [g.count, g.unscored, g.tasks, g.examples, g.share])).toEqual([
      [2, 0, ["a", "b"], ["r1", "r2"], 0.2],
      [2, 2, ["a", "c"], ["r3", "r4"], 0.2],
      [1, 0, ["d"], ["r7"], 0.1],
      [1, 1, ["c"], ["r5"], 0.1],
    ]);
    expect(groups[1]).toMatchObject({ errorType: "RuntimeError", message: "exit code <n> in <path>" });
    expect(groups[0]).toMatchObject({ failedRequired: ["C1", "C2"], failureTags: ["WRONG"], lastTool: "bash" });
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(6);
  });

  it("a group's rollouts are the filter of the rollouts list; the key is the rollout's", () => {
    expect(rolloutsInGroup(facts, groups[1]!.key)).toEqual(["r3", "r4"]);
    expect(groupKeyOf(facts[0]!)).toBe(groups[0]!.key);
    expect(rolloutsInGroup(facts, groupKeyOf(facts[5]!))).toEqual([]);
  });

  it("examples stop at three; sorting by a column keeps ties stable by key", () => {
    const many = Array.from({ length: 7 }, (_, i) => fact(`m${i}`, `t${i % 2}`, { errorType: "X" }));
    expect(failureGroups(many)[0]).toMatchObject({ count: 7, examples: ["m0", "m1", "m2"], tasks: ["t0", "t1"] });
    expect(sortFailureGroups(groups, "errorType").map((g) => g.errorType)).toEqual([
      "RuntimeError",
      "RuntimeError",
      null,
      null,
    ]);
    expect(sortFailureGroups(groups, "lastTool").map((g) => g.lastTool)).toEqual(["bash", "edit", null, null]);
    expect(sortFailureGroups(groups, "tasks")[0]!.tasks.length).toBe(2);
  });

  it("as the run page gets them: the first tasks named and all counted, sorted by tasks as the whole groups", () => {
    const wide = failureGroups(
      [...Array.from({ length: 5 }, (_, i) => fact(`w${i}`, `t${4 - i}`, { errorType: "W" })), ...facts],
      20,
    );
    const page = pageFailureGroups(wide);
    expect(page[0]).toMatchObject({ errorType: "W", tasks: ["t0", "t1", "t2"], taskCount: 5, count: 5 });
    expect(page.every((g) => g.tasks.length <= GROUP_TASKS_NAMED)).toBe(true);
    expect(page.map((g) => g.taskCount)).toEqual(wide.map((g) => g.tasks.length));
    // The same list for the same groups: the worker compares by identity to send them only when changed.
    expect(pageFailureGroups(wide)).toBe(page);
    expect(sortFailureGroups(page, "tasks").map((g) => g.key)).toEqual(
      sortFailureGroups(wide, "tasks").map((g) => g.key),
    );
  });

  it("facts from a scoring rollout: graded failed checks only, required ones as the set", () => {
    const f = failureFactsOf(
      {
        id: "r",
        task: "t",
        status: "scored",
        failure: { errorType: null, message: null, lastTool: "bash" },
        checks: [
          {
            key: "C1",
            label: "c1",
            passed: false,
            score: 0,
            required: true,
            dimension: "correctness",
            status: "graded",
            weight: null,
            failureTag: "T1",
          },
          {
            key: "G1",
            label: "g1",
            passed: false,
            score: 0,
            required: false,
            dimension: "grounding",
            status: "graded",
            weight: null,
            failureTag: "T2",
          },
          {
            key: "C2",
            label: "c2",
            passed: null,
            score: null,
            required: true,
            dimension: "correctness",
            status: "error",
            weight: null,
            failureTag: "T3",
          },
          {
            key: "C3",
            label: "c3",
            passed: true,
            score: 1,
            required: true,
            dimension: "correctness",
            status: "graded",
            weight: null,
            failureTag: null,
          },
        ],
      },
      false,
    );
    expect(f).toMatchObject({ failedRequired: ["C1"], failureTags: ["T1", "T2"], lastTool: "bash" });
  });
});

describe("compareFailureGroups", () => {
  it("says how each group moved between two runs", () => {
    const before = failureGroups([
      ...Array.from({ length: 3 }, (_, i) => fact(`a${i}`, "t", { errorType: "AgentTimeoutError" })),
      fact("b", "t", { errorType: "ValueError" }),
      ...Array.from({ length: 5 }, (_, i) => fact(`c${i}`, "t", { errorType: "OSError" })),
    ]);
    const after = failureGroups([
      ...Array.from({ length: 19 }, (_, i) => fact(`a${i}`, "t", { errorType: "AgentTimeoutError" })),
      ...Array.from({ length: 4 }, (_, i) => fact(`d${i}`, "t", { errorType: "KeyError" })),
      ...Array.from({ length: 5 }, (_, i) => fact(`c${i}`, "t", { errorType: "OSError" })),
    ]);
    expect(compareFailureGroups(before, after).map((c) => [c.group.errorType, c.change])).toEqual([
      ["AgentTimeoutError", "grew from 3 to 19"],
      ["KeyError", "new: 4"],
      ["ValueError", "gone (was 1)"],
      ["OSError", "unchanged at 5"],
    ]);
  });
});
