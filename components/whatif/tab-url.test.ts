import { describe, expect, it } from "vitest";
import { whatIfTabCodec } from "./tab-url";

describe("whatIfTabCodec", () => {
  it("reads a known tab, and anything else as none", () => {
    expect(whatIfTabCodec.parse(new URLSearchParams("whatif=rules"))).toBe("rules");
    expect(whatIfTabCodec.parse(new URLSearchParams("whatif=nope"))).toBeNull();
    expect(whatIfTabCodec.parse(new URLSearchParams(""))).toBeNull();
  });

  it("writes the tab over the other parameters, and leaves none out", () => {
    const current = new URLSearchParams('scenario={"regraded":true}&whatif=weights');
    expect(whatIfTabCodec.write("budget", current)).toBe("scenario=%7B%22regraded%22%3Atrue%7D&whatif=budget");
    expect(whatIfTabCodec.write(null, current)).toBe("scenario=%7B%22regraded%22%3Atrue%7D");
  });
});
