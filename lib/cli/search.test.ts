import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { searchRunFiles } from "@/lib/views/trace-search-fixture";
import { cliOnTempDatabase } from "./cli-test-kit";

const { dir, tally } = cliOnTempDatabase("search");

function ok(...args: string[]): string {
  const res = tally(...args);
  expect(res.status, `${args.join(" ")}: ${res.stderr}`).toBe(0);
  return res.stdout;
}

describe("tally search", { timeout: 120_000 }, () => {
  it("prints matching rollouts and steps with the match marked, as text or JSON, and refuses a bad pattern", () => {
    const root = path.join(dir, "search-run");
    const files = searchRunFiles({ omega: [{ type: "agent_output", output: "evil \u001b[31mred\u001b[0m denied" }] });
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
      fs.writeFileSync(path.join(root, f.path), f.bytes);
    }
    ok("ingest", root, "--run", "searched");

    const words = ok("search", "searched", "permission denied");
    expect(words).toContain("2 rollouts, 3 steps match in searched (4 traces searched; 1 traces could not be read");
    expect(words).toContain("alpha/result  task alpha  passed  2 matching steps");
    expect(words).toContain('  step 3 (tool, tool bash, error): {"message":"[[permission denied]]: /usr/lib"}');
    expect(words).toContain("  step 4 (agent): Nothing to install: [[permission]] granted, [[denied]] nothing.");

    expect(ok("search", "searched", "pip\\s+install", "--regex")).toContain(
      '  step 2 (agent, tool bash): bash {"cmd":"[[pip install]] requests"}',
    );
    const tool = ok("search", "searched", "install", "--tool", "bash");
    expect(tool).toContain("1 rollouts, 1 steps match");
    expect(ok("search", "searched", "timeout", "--errors")).toContain("gamma/result  task gamma  failed");

    // A control character from a trace is shown, never sent to the terminal.
    const evil = ok("search", "searched", "evil");
    expect(evil).toContain("[[evil]] \\u001b[31mred\\u001b[0m denied");
    expect(evil).not.toContain("\u001b");

    const json = JSON.parse(ok("search", "searched", "read_file", "--phrase", "--json")) as {
      rollouts: { rolloutId: string; steps: { step: number; href: string }[] }[];
    };
    expect(json.rollouts.map((r) => [r.rolloutId, r.steps.map((s) => s.step)])).toEqual([["alpha/result", [3]]]);

    const bad = tally("search", "searched", "(", "--regex");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("not a valid regular expression");
    expect(tally("search", "searched").status).toBe(2);
    expect(tally("search", "no-such-run", "x").stderr).toContain('no run with id or name "no-such-run"');
  });
});
