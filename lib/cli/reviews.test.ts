import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { cliOnTempDatabase } from "./cli-test-kit";
import { parseReviewLines } from "./review-lines";

const { dir, tally } = cliOnTempDatabase("reviews");

function ok(...args: string[]): string {
  const res = tally(...args);
  expect(res.status, `${args.join(" ")}: ${res.stderr}`).toBe(0);
  return res.stdout;
}

const C3 = {
  rollout: "checkout/result",
  check: "C3",
  verdict: "pass",
  reason: "64 is the total budget, not per instance: the grader misread",
  reviewer: "ana",
  at: "2026-03-01T10:00:00.000Z",
};

describe("tally reviews", { timeout: 120_000 }, () => {
  it("imports JSON lines once, reports what it added, and exports them as stored", () => {
    ok("ingest", fixturePath("scoring-article"), "--run", "article");
    const file = path.join(dir, "reviews.jsonl");
    const second = {
      ...C3,
      reviewer: "bo",
      verdict: "unsure",
      reason: "<b>not sure</b>",
      at: "2026-03-01T09:30:00+01:00",
    };
    fs.writeFileSync(file, `${JSON.stringify(C3)}\n\n${JSON.stringify(second)}\n`);
    expect(ok("reviews", "import", "article", file)).toContain("2 reviews added, 0 already present");
    expect(ok("reviews", "import", "article", file)).toContain("0 reviews added, 2 already present");
    const lines = ok("reviews", "export", "article")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([
      { task: "incident/checkout", ...second, at: "2026-03-01T08:30:00.000Z" },
      { task: "incident/checkout", ...C3 },
    ]);
    // The export reads back as an import that adds nothing.
    const exported = path.join(dir, "exported.jsonl");
    fs.writeFileSync(exported, ok("reviews", "export", "article"));
    expect(ok("reviews", "import", "article", exported)).toContain("0 reviews added, 2 already present");
    // As Inspect score edits: a Silo run's rollout ids are not Inspect sample ids, so each is named on stderr.
    const inspect = tally("reviews", "export", "article", "--format", "inspect");
    expect(inspect.status).toBe(0);
    expect(inspect.stdout).toBe("");
    expect(inspect.stderr).toContain("skipped checkout/result C3: not an Inspect sample id");
    expect(tally("reviews", "export", "article", "--format", "csv").stderr).toContain("--format csv");
  });

  it("refuses a bad line or an unknown rollout or check, naming the file and line, importing nothing", () => {
    ok("ingest", fixturePath("scoring-article"), "--run", "bad-lines");
    const write = (name: string, lines: unknown[]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"));
      return file;
    };
    const cases: [string, unknown[], string][] = [
      ["json.jsonl", [C3, "{oops"], "json.jsonl:2: not valid JSON"],
      ["verdict.jsonl", [C3, { ...C3, verdict: "maybe" }], "verdict.jsonl:2: verdict:"],
      ["reviewer.jsonl", [{ ...C3, reviewer: "" }], "reviewer.jsonl:1: reviewer: a reviewer name is required"],
      ["at.jsonl", [{ ...C3, at: "yesterday" }], "at.jsonl:1: at:"],
      ["rollout.jsonl", [C3, { ...C3, rollout: "ghost" }], 'rollout.jsonl:2: rollout: the run has no rollout "ghost"'],
      [
        "check.jsonl",
        [C3, C3, { ...C3, check: "C9", at: "2026-03-02T00:00:00Z" }],
        'check.jsonl:3: check: rollout "checkout/result" has no check "C9"',
      ],
    ];
    for (const [name, lines, message] of cases) {
      const res = tally("reviews", "import", "bad-lines", write(name, lines));
      expect(res.status, name).toBe(1);
      expect(res.stderr).toContain(message);
    }
    expect(ok("reviews", "export", "bad-lines")).toBe("");
  });
});

describe("tally compare --scenario with reviews: apply", { timeout: 120_000 }, () => {
  it("scores each stored run with its own reviews: a release gate on reviewed verdicts", () => {
    ok("ingest", fixturePath("scoring-article"), "--run", "before-review");
    ok("ingest", fixturePath("scoring-article"), "--run", "to-review");
    const file = path.join(dir, "c3.jsonl");
    fs.writeFileSync(file, `${JSON.stringify(C3)}\n`);
    ok("reviews", "import", "to-review", file);
    const scenario = path.join(dir, "apply.json");
    fs.writeFileSync(scenario, JSON.stringify({ reviews: "apply" }));
    const figures = (args: string[]) => {
      const body = JSON.parse(ok("compare", "before-review", "to-review", "--json", ...args)) as {
        a: { headline: { metric: string; value: number } };
        b: { headline: { metric: string; value: number } };
        scenarioDescription: string[];
      };
      return { metric: body.a.headline.metric, a: body.a.headline.value, b: body.b.headline.value, body };
    };
    const applied = figures(["--scenario", scenario]);
    expect(applied.metric).toBe("correctness");
    expect(applied.a).toBeCloseTo(0.7222, 4);
    expect(applied.b).toBeCloseTo(0.8333, 4);
    expect(applied.body.scenarioDescription.join(" ")).toContain("reviewed verdicts applied");
    const recorded = figures([]);
    expect(recorded.b).toBeCloseTo(0.7222, 4);
  });
});

describe("parseReviewLines", () => {
  it("takes an offset time as the same instant in UTC and drops the exported task", () => {
    const text = JSON.stringify({ ...C3, task: "x", at: "2026-03-01T11:00:00+01:00" });
    expect(parseReviewLines(text, "f").reviews).toEqual([{ ...C3, at: "2026-03-01T10:00:00.000Z" }]);
  });
});
