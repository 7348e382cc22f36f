import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { parseBatch } from "./parse-batch";
import { readPaths } from "./read-paths";

let dir: string;
const at = (...parts: string[]) => path.join(dir, ...parts);

function write(rel: string, text: string) {
  mkdirSync(path.dirname(at(rel)), { recursive: true });
  writeFileSync(at(rel), text);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tally-read-paths-"));
  cpSync(fixturePath("silo-runs"), at("silo-runs"), { recursive: true });
  write("silo-runs/.git/HEAD", "ref: refs/heads/main");
  write("silo-runs/node_modules/pkg/result.json", "{}");
  write("silo-runs/.cache/x.json", "{}");
  write("silo-runs/.DS_Store", "junk");
  write("other/b.result.json", "{}");
  write("other/a/z.json", "{}");
  write("other/Z.json", "{}");
  symlinkSync(at("other"), at("other/loop"));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readPaths", () => {
  it("walks a folder, .silo included, .git, node_modules and other dot-folders skipped", async () => {
    const { files, rootName } = await readPaths([at("silo-runs")]);
    expect(rootName).toBe("silo-runs");
    expect(files.map((f) => f.path)).toEqual([
      ".DS_Store",
      ...[
        "run_20261104091500_9c41",
        "run_20261104091612_9c42",
        "run_20261104100000_9c43",
        "run_20261104100100_9c44",
        "run_20261104100200_9c45",
        "run_20261104100300_9c46",
        "run_20261104100400_9c47",
        "run_20261104101000_9c48",
      ].flatMap((run) => [`.silo/runs/${run}/result.json`, `.silo/runs/${run}/run.json`]),
    ]);
    expect(files[1]?.bytes).toBeInstanceOf(Uint8Array);
  });

  it("reads a batch that parses to the silo-runs run", async () => {
    const { files, rootName } = await readPaths([at("silo-runs")]);
    const result = parseBatch(files, { rootName });
    expect(result.skipped).toEqual([".DS_Store"]);
    expect(result.runs[0]?.name).toBe("silo-runs");
    expect(result.runs[0]?.rollouts).toHaveLength(8);
  });

  it("reads lazily the same files and bytes, and parses them to the same run", async () => {
    const eager = await readPaths([at("silo-runs")]);
    const lazy = await readPaths([at("silo-runs")], { lazy: true });
    expect(lazy.rootName).toBe(eager.rootName);
    expect(lazy.files.map((f) => f.path)).toEqual(eager.files.map((f) => f.path));
    lazy.files.forEach((f, i) => expect(Buffer.from(f.bytes).equals(Buffer.from(eager.files[i]!.bytes))).toBe(true));
    const parsed = parseBatch(lazy.files, { rootName: lazy.rootName });
    expect(parsed).toEqual(parseBatch(eager.files, { rootName: eager.rootName }));
  });

  it("names a single file by its base name", async () => {
    const { files, rootName } = await readPaths([at("other/a/z.json")]);
    expect(files.map((f) => f.path)).toEqual(["z.json"]);
    expect(rootName).toBe("z.json");
  });

  it("sorts by path, POSIX separators, and follows a symlink loop only once", async () => {
    const { files } = await readPaths([at("other")]);
    expect(files.map((f) => f.path)).toEqual(["Z.json", "a/z.json", "b.result.json"]);
  });

  it("prefixes each root's files with the root's name when given several", async () => {
    const { files, rootName } = await readPaths([at("other", "a"), at("other/b.result.json")]);
    expect(files.map((f) => f.path)).toEqual(["a/z.json", "b.result.json"]);
    expect(rootName).toBe("a + b.result.json");
  });

  it("keeps roots that share a base name apart", async () => {
    write("x/data/r.json", "{}");
    write("y/data/r.json", "{}");
    const { files } = await readPaths([at("x/data"), at("y/data")]);
    expect(files.map((f) => f.path)).toEqual(["data/r.json", "data~2/r.json"]);
  });

  it("throws a clear error for a path that does not exist", async () => {
    await expect(readPaths([at("missing")])).rejects.toThrow(/^no such file or folder: /);
    await expect(readPaths([])).rejects.toThrow("no paths given");
  });
});
