import { describe, expect, it } from "vitest";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { rootUpload } from "./upload-root";

describe("rootUpload", () => {
  it("names a dropped folder after itself, with paths relative to it", () => {
    const up = rootUpload([textFile("job/a/result.json", "{}"), textFile("job/b/result.json", "{}")]);
    expect(up.rootName).toBe("job");
    expect(up.files.map((f) => f.path)).toEqual(["a/result.json", "b/result.json"]);
  });

  it("names a lone file without its result extensions", () => {
    expect(rootUpload([textFile("TASK-005.result.json", "{}")]).rootName).toBe("TASK-005");
    expect(rootUpload([textFile("log.eval", "")]).rootName).toBe("log");
  });

  it("names loose files after the first of them, whatever order they came in", () => {
    const files = [textFile("TASK-009.result.json", "{}"), textFile("TASK-002.result.json", "{}")];
    expect(rootUpload(files).rootName).toBe("TASK-002 and 1 more");
    expect(rootUpload([...files].reverse()).rootName).toBe("TASK-002 and 1 more");
  });
});
