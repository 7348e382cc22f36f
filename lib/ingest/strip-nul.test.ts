import { expect, it } from "vitest";
import { jsonFile } from "@/lib/formats/__fixtures__/load-fixture";
import { parseBatch } from "./parse-batch";

it("replaces NUL characters in parsed strings and warns, so every database can store the rollout", () => {
  const file = jsonFile("TASK-1.result.json", {
    passed: true, reward: 1, agentOutput: "before\u0000after",
    checks: [{ label: "a\u0000b", passed: true, required: true, detail: "ok" }],
  });
  const [run] = parseBatch([file]).runs;
  const rollout = run!.rollouts[0]!;
  expect(rollout.agentOutput).toBe("before\uFFFDafter");
  expect(rollout.checks[0]!.label).toBe("a\uFFFDb");
  expect(rollout.warnings.join(" ")).toContain("NUL characters");
  expect(JSON.stringify(run)).not.toContain("\\u0000");
});
