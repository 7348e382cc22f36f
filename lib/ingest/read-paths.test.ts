import { execFileSync, spawnSync } from "node:child_process";
import {
  closeSync,
  cpSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

describe("readPaths stays inside what it is given", () => {
  let base: string;
  let inside: string;
  let outside: string;
  const mkfifo = (p: string) => execFileSync("mkfifo", [p]);

  beforeAll(() => {
    base = mkdtempSync(path.join(tmpdir(), "tally-inside-"));
    inside = path.join(base, "inside");
    outside = path.join(base, "outside");
    mkdirSync(path.join(inside, "runs"), { recursive: true });
    mkdirSync(path.join(outside, "folder"), { recursive: true });
    writeFileSync(path.join(inside, "runs/a.result.json"), '{"a":1}');
    writeFileSync(path.join(outside, "secret.json"), '{"secret":true}');
    writeFileSync(path.join(outside, "folder/b.result.json"), '{"b":1}');
    symlinkSync(path.join(inside, "runs/a.result.json"), path.join(inside, "again.json"));
    symlinkSync(path.join(inside, "runs"), path.join(inside, "latest"));
    symlinkSync(path.join(outside, "secret.json"), path.join(inside, "secret.json"));
    symlinkSync(path.join(outside, "folder"), path.join(inside, "elsewhere"));
    symlinkSync("/dev/zero", path.join(inside, "zeros"));
    symlinkSync(path.join(base, "missing"), path.join(inside, "dangling"));
    mkfifo(path.join(inside, "pipe"));
    symlinkSync(path.join(inside, "pipe"), path.join(inside, "pipe-link"));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("reads a linked file inside once, skips links out of the folder with why, refuses a FIFO by type", async () => {
    const read = await readPaths([inside]);
    expect(read.files.map((f) => f.path)).toEqual(["runs/a.result.json"]);
    expect(read.skipped).toEqual([
      { path: "dangling", reason: "a link to nothing (dangling or looping): not followed" },
      {
        path: "elsewhere",
        reason: `a link to ${path.join(outside, "folder")}, outside the folder given: not followed`,
      },
      {
        path: "secret.json",
        reason: `a link to ${path.join(outside, "secret.json")}, outside the folder given: not followed`,
      },
      { path: "zeros", reason: "a link to /dev/zero, outside the folder given: not followed" },
    ]);
    expect(read.rejected).toEqual([
      { path: "pipe", error: "a named pipe (FIFO), not a regular file: not read" },
      { path: "pipe-link", error: "a named pipe (FIFO), not a regular file: not read" },
    ]);
  }, 10_000);

  it("refuses a FIFO and /dev/zero given directly, by type, before reading anything", async () => {
    // Lazily: nothing is read here, so a regression fails instead of blocking this process (the CLI test reads).
    const read = await readPaths([path.join(inside, "pipe"), "/dev/zero"], { lazy: true });
    expect(read.files).toEqual([]);
    expect(read.rejected).toEqual([
      { path: "pipe", error: "a named pipe (FIFO), not a regular file: not read" },
      { path: "zero", error: "a character device, not a regular file: not read" },
    ]);
  }, 10_000);

  it("refuses a file over TALLY_MAX_FILE_BYTES with its size (a sparse file: no disk, no time)", async () => {
    const big = path.join(base, "big.json");
    const fd = openSync(big, "w");
    ftruncateSync(fd, 1024 * 1024 * 1024 + 1);
    closeSync(fd);
    const read = await readPaths([big, path.join(inside, "runs")]);
    expect(read.rejected).toEqual([
      {
        path: "big.json",
        error:
          "1073741825 bytes (1.0 GiB), larger than the limit of 1073741824 bytes (1 GiB) for one file " +
          "(TALLY_MAX_FILE_BYTES): not read",
      },
    ]);
    expect(read.files.map((f) => f.path)).toEqual(["runs/a.result.json"]);
    process.env.TALLY_MAX_FILE_BYTES = "3";
    try {
      expect((await readPaths([path.join(inside, "runs")])).rejected[0]?.error).toMatch(/^7 bytes, larger than/);
    } finally {
      delete process.env.TALLY_MAX_FILE_BYTES;
    }
  }, 10_000);

  it("refuses, without blocking, a file that became a FIFO after the folder was listed", () => {
    const dir = path.join(base, "swap");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "r.json"), "{}");
    rmSync(path.join(dir, "r.json"));
    mkfifo(path.join(dir, "r.json"));
    // In a child process with a timeout: a blocking open would hang the test runner itself.
    const diskFile = path.join(__dirname, "disk-file.ts");
    const code = `import(${JSON.stringify(diskFile)}).then(({ DiskFile }) => {
      try { new DiskFile("r.json", ${JSON.stringify(path.join(dir, "r.json"))}).bytes; } catch (e) { console.log(e.message); }
    })`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "-e", code], { encoding: "utf8", timeout: 10_000 });
    expect(child.signal).toBeNull();
    expect(child.stdout.trim()).toBe("r.json is no longer a regular file: not read");
  }, 15_000);
});
