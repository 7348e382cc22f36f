import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expandZip } from "@/lib/archive/unzip";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { FIXTURES, loadFixture } from "./__fixtures__/load-fixture";
import { gradeFormat } from "./grade";
import { inspectFormat } from "./inspect";
import { FORMAT_IDS, FORMATS } from "./registry";
import { rubricFormat } from "./rubric";
import { tauBenchFormat } from "./tau-bench";
import type { FormatModule } from "./types";

/** Each of these formats' own fixture folders; every other folder belongs to another format. */
const OWN: ReadonlyArray<[FormatModule, string]> = [
  [gradeFormat, "grade-problem"],
  [rubricFormat, "rubric"],
  [inspectFormat, "inspect-real"],
  [tauBenchFormat, "tau-bench-real"],
];

// traces/ holds the trace files of every harness (read by the trace readers' tests), not one format's results.
const folders = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "traces")
  .map((d) => d.name)
  .sort();

describe("grade, rubric, inspect and tau-bench detectors", () => {
  it("claim before Silo (which takes any JSON object with a checks array)", () => {
    const order = (id: string) => FORMAT_IDS.indexOf(id as never);
    for (const [format] of OWN) expect(order(format.id)).toBeLessThan(order("silo"));
  });

  it.each(OWN)("%s claims nothing from another format's fixtures", (format, own) => {
    for (const folder of folders.filter((f) => f !== own)) {
      expect({ folder, claimed: format.claim(loadFixture(folder)).map((f) => f.path) }).toEqual({
        folder,
        claimed: [],
      });
    }
  });

  it.each(OWN)("%s's fixtures are detected as it in a mixed batch", (format, own) => {
    const mixed = [...loadFixture(own, "mine/"), ...loadFixture("silo-runs", "silo/")];
    const batch = parseBatch(mixed);
    const mine = batch.runs.filter((r) => r.format === format.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.flatMap((r) => r.rollouts).every((r) => r.source.path.startsWith("mine/"))).toBe(true);
    expect(batch.runs.some((r) => r.format === "silo")).toBe(true);
    expect(batch.unclaimed).toEqual([]);
  });
});

describe("Inspect's chunked sample layout (traces/inspect-ai/chunked)", () => {
  const zips = loadFixture("traces/inspect-ai/chunked", "chunked/");
  const expanded = zips.flatMap((zip) => {
    const out = expandZip(zip);
    if ("error" in out) throw new Error(out.error);
    return out.files;
  });

  it.each(FORMATS.filter((f) => f.id !== "inspect").map((f) => [f.id, f] as const))(
    "%s claims none of its files, zipped or expanded",
    (_, format) => {
      expect(format.claim(zips).map((f) => f.path)).toEqual([]);
      expect(format.claim(expanded).map((f) => f.path)).toEqual([]);
    },
  );

  it("is read as Inspect beside another format's files, nothing left unclaimed", () => {
    for (const files of [zips, expanded]) {
      const batch = parseBatch([...files, ...loadFixture("silo-runs", "silo/")]);
      const inspect = batch.runs.filter((r) => r.format === "inspect");
      expect(inspect.flatMap((r) => r.rollouts.map((x) => x.id)).sort()).toEqual(["0#1", "0#1", "0#2"]);
      expect(batch.runs.some((r) => r.format === "silo")).toBe(true);
      expect(batch.unclaimed).toEqual([]);
      expect(batch.rejected).toEqual([]);
    }
  });
});
