import { expect, it } from "vitest";
import { jsonFile } from "@/lib/formats/__fixtures__/load-fixture";
import { parseBatch } from "./parse-batch";
import { mayHoldNul } from "./strip-nul";

it("replaces NUL characters in parsed strings and warns, so every database can store the rollout", () => {
  const file = jsonFile("TASK-1.result.json", {
    passed: true,
    reward: 1,
    agentOutput: "before\u0000after",
    checks: [{ label: "a\u0000b", passed: true, required: true, detail: "ok" }],
  });
  const [run] = parseBatch([file]).runs;
  const rollout = run!.rollouts[0]!;
  expect(rollout.agentOutput).toBe("before\uFFFDafter");
  expect(rollout.checks[0]!.label).toBe("a\uFFFDb");
  expect(rollout.warnings.join(" ")).toContain("NUL characters");
  expect(JSON.stringify(run)).not.toContain("\\u0000");
});

it("looks for NUL only in batches that can hold one: bytes (raw or escaped), paths or options", () => {
  const clean = jsonFile("TASK-1.result.json", { passed: true, checks: [] });
  expect(mayHoldNul([clean], {})).toBe(false);
  expect(mayHoldNul([jsonFile("a.json", { x: "a\u0000b" })], {})).toBe(true);
  expect(mayHoldNul([{ path: "a.txt", bytes: new Uint8Array([104, 0, 105]) }], {})).toBe(true);
  expect(mayHoldNul([{ ...clean, path: "a\u0000.json" }], {})).toBe(true);
  expect(mayHoldNul([clean], { runName: "x\u0000" })).toBe(true);
  const good = jsonFile("TASK-1.result.json", {
    passed: true,
    reward: 1,
    checks: [{ label: "a", passed: true, required: true }],
  });
  const [run] = parseBatch([good], { agent: "a\u0000b" }).runs;
  expect(run?.agent).toBe("a\uFFFDb");
});
