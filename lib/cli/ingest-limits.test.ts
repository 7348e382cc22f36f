import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeInspectEval } from "@/lib/bench/inspect-eval";
import { cliOnTempDatabase } from "./cli-test-kit";

const { dir, tally, tallyWith } = cliOnTempDatabase("ingest-limits");

interface IngestJson {
  runs: { rollouts: number }[];
  rejected: { path: string; error: string }[];
}
const json = (stdout: string) => JSON.parse(stdout) as IngestJson;

// `tally ingest` is held to the same limits as an upload: each a process of its own, on real files.
describe("tally ingest within the limits", { timeout: 120_000 }, () => {
  it("ingests a generated Inspect .eval (Zstandard members) and refuses it, naming the setting, past the limit", () => {
    // 500 samples keep the test fast; `tally bench --inspect-eval 50000` is the full-size run (README).
    const log = writeInspectEval(path.join(dir, "log.eval"), { samples: 500, seed: 3, compression: "raw" });
    const stored = tally("ingest", log.file, "--json");
    expect(stored.status, stored.stderr).toBe(0);
    expect(json(stored.stdout).runs[0]!.rollouts).toBe(500);

    // What it costs the batch: its members' bytes and 1 KiB per member.
    const cost = log.expandedBytes + log.entries * 1024;
    const refused = tallyWith({ TALLY_MAX_EXPANDED_BYTES: String(cost - 1) }, "ingest", log.file, "--json");
    expect(refused.status).toBe(1);
    expect(json(refused.stdout).rejected).toEqual([
      {
        path: "log.eval",
        error: expect.stringMatching(/^archive expands to more than the limit of \d+ bytes .*TALLY_MAX_EXPANDED_BYTES/),
      },
    ]);
  });

  it("refuses a FIFO and /dev/zero given directly, by type, at once: no read blocks or grows", () => {
    const pipe = path.join(dir, "pipe");
    execFileSync("mkfifo", [pipe]);
    const started = Date.now();
    const out = tally("ingest", pipe, "/dev/zero");
    expect(out.signal, "the command ended by itself").toBeNull();
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("  rejected   pipe: a named pipe (FIFO), not a regular file: not read");
    expect(out.stdout).toContain("  rejected   zero: a character device, not a regular file: not read");
    expect(out.stdout).toContain("0 stored, 0 duplicate, 2 rejected");
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("does not follow links out of a folder: says so per link, stores what is inside once", () => {
    const root = path.join(dir, "results");
    const outside = path.join(dir, "outside");
    fs.mkdirSync(path.join(root, "run"), { recursive: true });
    fs.mkdirSync(path.join(outside, "more"), { recursive: true });
    const result = (id: string) =>
      JSON.stringify({ taskId: id, passed: true, reward: 1, checks: [{ label: "ok", passed: true, required: true }] });
    fs.writeFileSync(path.join(root, "run/a.result.json"), result("inside"));
    fs.writeFileSync(path.join(outside, "secret.result.json"), result("outside-file"));
    fs.writeFileSync(path.join(outside, "more/b.result.json"), result("outside-folder"));
    fs.symlinkSync(path.join(root, "run/a.result.json"), path.join(root, "again.result.json"));
    fs.symlinkSync(path.join(outside, "secret.result.json"), path.join(root, "secret.result.json"));
    fs.symlinkSync(path.join(outside, "more"), path.join(root, "more"));
    fs.symlinkSync("/dev/zero", path.join(root, "zeros"));

    const text = tally("ingest", root);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain("  stored     run/a.result.json");
    expect(text.stdout).toContain(
      `  skipped    more: a link to ${path.join(outside, "more")}, outside the folder given`,
    );
    expect(text.stdout).toContain("  skipped    zeros: a link to /dev/zero, outside the folder given: not followed");
    expect(text.stdout).toContain("1 stored, 0 duplicate, 0 rejected, 3 skipped");

    const again = tally("ingest", root, "--json");
    const body = JSON.parse(again.stdout) as { accepted: string[]; duplicates: string[]; skipped: unknown[] };
    expect(body.duplicates).toEqual(["run/a.result.json"]);
    expect(body.skipped).toEqual([
      { path: "more", reason: `a link to ${path.join(outside, "more")}, outside the folder given: not followed` },
      {
        path: "secret.result.json",
        reason: `a link to ${path.join(outside, "secret.result.json")}, outside the folder given: not followed`,
      },
      { path: "zeros", reason: "a link to /dev/zero, outside the folder given: not followed" },
    ]);
  });

  it("refuses --run, --agent and --model over 200 characters as usage errors", () => {
    for (const flag of ["--run", "--agent", "--model"]) {
      const out = tally("ingest", dir, flag, "x".repeat(201));
      expect(out.status, flag).toBe(2);
      expect(out.stderr).toContain(`invalid ${flag}: `);
    }
  });
});
