import { describe, expect, it } from "vitest";
import { fromFileList, mergePicked, totalBytes } from "./picked-files";

function withRelativePath(content: string, name: string, relative: string): File {
  const file = new File([content], name);
  Object.defineProperty(file, "webkitRelativePath", { value: relative });
  return file;
}

describe("picked files", () => {
  it("names picked files by their folder-relative path when the picker gives one", () => {
    const picked = fromFileList([
      new File(["{}"], "a.result.json"),
      withRelativePath("{}", "result.json", "job/trial__abc/result.json"),
      withRelativePath("{}", "HEAD", "job/.git/HEAD"),
    ]);
    expect(picked.map((p) => p.path)).toEqual(["a.result.json", "job/trial__abc/result.json"]);
  });

  it("replaces a file chosen twice and keeps the list sorted by path", () => {
    const first = fromFileList([new File(["1"], "b.json"), new File(["2"], "a.json")]);
    const merged = mergePicked(first, fromFileList([new File(["333"], "b.json")]));
    expect(merged.map((p) => p.path)).toEqual(["a.json", "b.json"]);
    expect(totalBytes(merged)).toBe(4);
  });
});
