import { describe, expect, it } from "vitest";
import { runUrl } from "./run-url";

describe("runUrl", () => {
  it("is the run page on the address tally serve listens on", () => {
    expect(runUrl("abc123", { HOST: "127.0.0.1", PORT: 3000 })).toBe("http://127.0.0.1:3000/runs/abc123");
    expect(runUrl("abc123", { HOST: "0.0.0.0", PORT: 8080 })).toBe("http://localhost:8080/runs/abc123");
    expect(runUrl("abc123", { HOST: "::1", PORT: 3000 })).toBe("http://[::1]:3000/runs/abc123");
  });
});
