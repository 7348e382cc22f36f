import { readFileSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { expandZip, ExpansionBudget, surveyZip } from "./unzip";
import { readZipDirectory } from "./zip-directory";

const INSPECT = path.join(__dirname, "../formats/__fixtures__/traces/inspect-ai");
const evalFile = (rel: string) => ({ path: rel, bytes: new Uint8Array(readFileSync(path.join(INSPECT, rel))) });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A copy of a zip whose central directory declares `size` as the expanded size of `name`. */
function withDeclaredSize(bytes: Uint8Array, name: string, size: number): Uint8Array {
  const copy = bytes.slice();
  const v = new DataView(copy.buffer);
  const encoded = new TextEncoder().encode(name);
  for (let at = 0; at + 46 < copy.length; at++) {
    if (v.getUint32(at, true) !== 0x02014b50 || v.getUint16(at + 28, true) !== encoded.length) continue;
    if (copy.subarray(at + 46, at + 46 + encoded.length).every((b, i) => b === encoded[i])) {
      v.setUint32(at + 24, size, true);
      return copy;
    }
  }
  throw new Error(`no central directory entry ${name}`);
}

describe("expandZip with Zstandard members (zip method 93)", () => {
  it("reads every member of Inspect's zstd-compressed .eval logs", () => {
    for (const rel of ["legacy/retry-2-then-success.eval", "postfix/retry-2-then-success.eval"]) {
      const zip = evalFile(rel);
      expect(readZipDirectory(zip.bytes).every((e) => e.method === 93)).toBe(true);
      const expanded = expandZip(zip);
      if ("error" in expanded) throw new Error(expanded.error);
      const byName = new Map(expanded.files.map((f) => [f.path.slice(rel.length + 1), f.bytes]));
      expect([...byName.keys()].sort()).toEqual([
        "_journal/start.json",
        "_journal/summaries/1.json",
        "header.json",
        "samples/1_epoch_1.json",
        "summaries.json",
      ]);
      const sample = JSON.parse(text(byName.get("samples/1_epoch_1.json")!)) as { events: { event: string }[] };
      expect(sample.events.filter((e) => e.event === "model")).toHaveLength(3);
      expect(JSON.parse(text(byName.get("header.json")!))).toHaveProperty("eval.task");
    }
  });

  it("sizes match the central directory", () => {
    const zip = evalFile("legacy/retry-2-then-success.eval");
    const expanded = expandZip(zip);
    if ("error" in expanded) throw new Error(expanded.error);
    const sizes = Object.fromEntries(readZipDirectory(zip.bytes).map((e) => [e.name, e.originalSize]));
    expect(sizes["samples/1_epoch_1.json"]).toBe(9615);
    for (const f of expanded.files) expect(f.bytes.length).toBe(sizes[f.path.slice(zip.path.length + 1)]);
  });

  it("still reads deflated members (the other Inspect log) alongside", () => {
    const expanded = expandZip(evalFile("log_message_deduplication.eval"));
    if ("error" in expanded) throw new Error(expanded.error);
    expect(expanded.files.find((f) => f.path.endsWith("samples/0_epoch_1.json"))?.bytes.length).toBe(80785);
  });

  it("refuses a Zstandard member that expands past its declared size", () => {
    const zip = evalFile("legacy/retry-2-then-success.eval");
    const lying = { path: "lying.zip", bytes: withDeclaredSize(zip.bytes, "header.json", 100) };
    const expanded = expandZip(lying);
    expect(expanded).toEqual({ path: "lying.zip", error: expect.stringContaining('Zstandard entry "header.json"') });
  });

  it("refuses a Zstandard member whose bytes are not Zstandard", () => {
    const zip = evalFile("legacy/retry-2-then-success.eval");
    const [entry] = readZipDirectory(zip.bytes);
    const broken = zip.bytes.slice();
    broken.fill(0x41, entry!.dataOffset, entry!.dataOffset + entry!.compressedSize);
    const expanded = expandZip({ path: "broken.zip", bytes: broken });
    expect("error" in expanded && expanded.error).toMatch(/not a readable zip archive: Zstandard entry/);
  });

  it("lists a stored and deflated zip the way fflate wrote it", () => {
    const bytes = zipSync({
      "a.txt": [new TextEncoder().encode("hello"), { level: 0 }],
      "b/c.txt": new Uint8Array(500),
    });
    expect(readZipDirectory(bytes).map((e) => [e.name, e.method, e.originalSize])).toEqual([
      ["a.txt", 0, 5],
      ["b/c.txt", 8, 500],
    ]);
  });
});

describe("one expansion budget for a batch's archives", () => {
  const limits = { maxExpandedBytes: 100_000, entryOverheadBytes: 1024, maxDepth: 32 };
  const zipOf = (path: string, entries: number, size: number) => ({
    path,
    bytes: zipSync(
      Object.fromEntries(Array.from({ length: entries }, (_, i) => [`e/${i}.txt`, new Uint8Array(size)])),
      { level: 0 },
    ),
  });

  it("lets the entry count follow the bytes: 25,000 entries expand under the default limits", () => {
    const expanded = expandZip(zipOf("many.zip", 25_000, 1));
    if ("error" in expanded) throw new Error(expanded.error);
    expect(expanded.files).toHaveLength(25_000);
  });

  it("charges each archive its size and entries, and refuses the one that does not fit what is left", () => {
    const budget = new ExpansionBudget(limits);
    const a = zipOf("a.zip", 10, 4000); // 10 × (4,000 + 1,024) = 50,240
    expect(surveyZip(a, limits)).toMatchObject({ cost: 50_240 });
    expect("files" in expandZip(a, budget)).toBe(true);
    expect(budget.usedBytes).toBe(50_240);
    const b = expandZip({ ...a, path: "b.zip" }, budget);
    expect(b).toEqual({
      path: "b.zip",
      error:
        "archive expands to 50240 bytes (49.1 KiB), more than the 49760 bytes (48.6 KiB) the batch's other archives " +
        "left of its limit of 100000 bytes (97.7 KiB) (TALLY_MAX_EXPANDED_BYTES)",
    });
    expect(budget.overflow).toEqual({ path: "b.zip", bytes: 50_240 });
    expect(budget.usedBytes).toBe(50_240);
    // A smaller archive still fits what is left.
    expect("files" in expandZip(zipOf("c.zip", 1, 10), budget)).toBe(true);
  });

  it("refuses an archive that alone passes the limit, from its directory, without charging the batch", () => {
    const budget = new ExpansionBudget(limits);
    const big = expandZip(zipOf("big.zip", 100, 1), budget);
    expect("error" in big && big.error).toMatch(
      /^archive expands to more than the limit of 100000 bytes .*zip bomb\?$/,
    );
    expect(budget.usedBytes).toBe(0);
    expect(budget.overflow).toBeNull();
  });

  it("counts a stored entry by the bytes it holds, whatever size it declares", () => {
    const stored = zipSync({ "a.txt": [new Uint8Array(60_000), { level: 0 }] });
    const lying = withDeclaredSize(stored, "a.txt", 1);
    expect(surveyZip({ path: "s.zip", bytes: lying }, limits)).toMatchObject({ cost: 61_024 });
  });
});
