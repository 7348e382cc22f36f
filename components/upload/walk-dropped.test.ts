import { describe, expect, it } from "vitest";
import type { DroppedEntry } from "./walk-dropped";
import { walkDropped } from "./walk-dropped";

function fileEntry(fullPath: string, content = "{}", fail = false): DroppedEntry {
  const name = fullPath.split("/").pop() ?? "";
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok: (f: File) => void, ko?: (e: unknown) => void) =>
      fail ? ko?.(new Error("gone")) : ok(new File([content], name)),
  } as DroppedEntry;
}

/** A folder whose reader hands children out in batches of `batch`, like Chrome's 100. */
function dirEntry(fullPath: string, children: DroppedEntry[], batch = 2): DroppedEntry {
  const name = fullPath.split("/").pop() ?? "";
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (e: DroppedEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += batch;
          setTimeout(() => ok(next), 0);
        },
      };
    },
  } as DroppedEntry;
}

describe("walkDropped", () => {
  it("keeps relative paths from the drop and reads every batch of a large folder", async () => {
    const trials = Array.from({ length: 5 }, (_, i) =>
      dirEntry(`/job/trial__${i}`, [fileEntry(`/job/trial__${i}/result.json`, `{"i":${i}}`)]),
    );
    const { files, unreadable } = await walkDropped([
      dirEntry("/job", [fileEntry("/job/summary.json"), ...trials]),
      fileEntry("/extra.json"),
    ]);
    expect(unreadable).toEqual([]);
    expect(files.map((f) => f.path)).toEqual([
      "job/summary.json",
      ...[0, 1, 2, 3, 4].map((i) => `job/trial__${i}/result.json`),
      "extra.json",
    ]);
    expect(await files[1]?.file.text()).toBe('{"i":0}');
  });

  it("skips .git and node_modules folders and reports files it cannot read", async () => {
    const { files, unreadable } = await walkDropped([
      dirEntry("/run", [
        dirEntry("/run/.git", [fileEntry("/run/.git/HEAD")]),
        dirEntry("/run/node_modules", [fileEntry("/run/node_modules/x.json")]),
        dirEntry("/run/.silo", [fileEntry("/run/.silo/result.json")]),
        fileEntry("/run/locked.json", "{}", true),
      ]),
    ]);
    expect(files.map((f) => f.path)).toEqual(["run/.silo/result.json"]);
    expect(unreadable).toEqual(["run/locked.json"]);
  });
});
