import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { ROOT as root, cliOnTempDatabase } from "./cli-test-kit";

const { dir, tally } = cliOnTempDatabase("export");

const traced = path.join(root, "lib/formats/__fixtures__/traces/silo/scoring-article");

// Each command is a process of its own; the first may also build the CLI and the viewer.
describe("tally export", { timeout: 180_000 }, () => {
  it("writes a stored run's bundle into a folder", () => {
    const ingest = tally("ingest", traced, "--run", "traced", "--json");
    expect(ingest.status, ingest.stderr).toBe(0);
    const id = (JSON.parse(ingest.stdout) as { runs: { id: string }[] }).runs[0]!.id;
    const out = path.join(dir, "stored");
    const res = tally("export", id, "--out", out);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Wrote .*index\.html: 8 files, \d+ bytes/);
    expect(fs.readdirSync(out).sort()).toEqual([
      "data.js",
      "details",
      "index.html",
      "run.js",
      "traces",
      "viewer.css",
      "viewer.js",
    ]);
    expect(fs.readFileSync(path.join(out, "data.js"), "utf8")).toContain('\\"name\\":\\"traced\\"');
  });

  it("reads result files, caps the size with a word on stderr, and zips", () => {
    const full = tally("export", traced, "--out", path.join(dir, "full"));
    expect(full.status, full.stderr).toBe(0);
    const bytes = Number(/(\d+) bytes/.exec(full.stdout)![1]);
    const res = tally("export", traced, "--out", path.join(dir, "capped"), "--max-bytes", String(bytes - 1), "--zip");
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).toMatch(
      /^tally export: To stay under \d+ bytes, this copy leaves out the traces of 1 rollouts/m,
    );
    const names = Object.keys(unzipSync(fs.readFileSync(path.join(dir, "capped.zip"))));
    expect(names).toContain("capped/index.html");
    // One trace kept (traces/0.js), the other left out; every task and rollout in details/0.js.
    expect(names.filter((n) => n.startsWith("capped/traces/")).sort()).toEqual([
      "capped/traces/0.js",
      "capped/traces/index.js",
    ]);
    expect(names).toContain("capped/details/0.js");
    expect(names.filter((n) => n.endsWith(".partial"))).toEqual([]);
  });

  it("writes a comparison with --compare", () => {
    const out = path.join(dir, "compare");
    const res = tally(
      "export",
      fixturePath("grade-problem", "exploit-miss.json"),
      fixturePath("grade-problem", "exploit-pass.json"),
      "--compare",
      "--out",
      out,
    );
    expect(res.status, res.stderr).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(["data.js", "index.html", "viewer.css", "viewer.js"]);
    expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toContain('"kind":"compare"');
  });

  it("refuses what it cannot do with a usage error", () => {
    expect(tally("export", traced).status).toBe(2);
    expect(tally("export", "no-such-run", "--out", path.join(dir, "x")).stderr).toMatch(/neither a path nor/);
    expect(tally("export", traced, "--out", path.join(dir, "y"), "--max-bytes", "lots").status).toBe(2);
    expect(tally("export", traced, "--compare", "--out", path.join(dir, "z")).status).toBe(2);
  });
});
