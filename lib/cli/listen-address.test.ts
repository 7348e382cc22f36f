import { describe, expect, it } from "vitest";
import { exposureWarning, hostNamesNote, isLoopback } from "./listen-address";

describe("isLoopback", () => {
  it.each(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"])("%s is loopback", (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(["0.0.0.0", "::", "10.0.0.5", "192.168.1.2", "example.com", "128.0.0.1"])("%s is not", (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

describe("exposureWarning", () => {
  it("is silent on loopback, with or without a read token", () => {
    expect(exposureWarning("127.0.0.1", false)).toBeNull();
    expect(exposureWarning("::1", true)).toBeNull();
  });
  it("is silent on an exposed address guarded by a read token", () => {
    expect(exposureWarning("0.0.0.0", true)).toBeNull();
  });
  it("warns on an exposed address without a read token, naming the address and the variable", () => {
    const warning = exposureWarning("0.0.0.0", false);
    expect(warning).toContain("0.0.0.0");
    expect(warning).toContain("TALLY_READ_TOKEN");
    expect(warning).toContain("readable by anyone");
  });
});

describe("hostNamesNote", () => {
  it("tells a server on a wildcard address that host names need TALLY_ALLOWED_HOSTS", () => {
    expect(hostNamesNote("0.0.0.0", [])).toContain("TALLY_ALLOWED_HOSTS");
    expect(hostNamesNote("::", [])).toContain("TALLY_ALLOWED_HOSTS");
  });
  it("is silent once names are listed, and on a particular address", () => {
    expect(hostNamesNote("0.0.0.0", ["tally.example.com"])).toBeNull();
    expect(hostNamesNote("127.0.0.1", [])).toBeNull();
    expect(hostNamesNote("10.0.0.5", [])).toBeNull();
  });
});
