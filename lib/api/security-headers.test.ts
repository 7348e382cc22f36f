import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, policyFor, STORED_FILE_POLICY } from "./security-headers";

describe("policyFor", () => {
  const page = contentSecurityPolicy("bm9uY2U=", false);

  it("gives the routes serving stored bytes the stored-file policy", () => {
    expect(policyFor(`/api/files/${"a".repeat(64)}`, page)).toBe(STORED_FILE_POLICY);
    expect(policyFor("/api/runs/r1/rollouts/trial%2F1/image", page)).toBe(STORED_FILE_POLICY);
    expect(STORED_FILE_POLICY).toMatch(/^default-src 'none';.*sandbox$/);
  });

  it("gives pages and every other API route the page policy", () => {
    for (const path of ["/", "/runs/r1/rollouts/image", "/api/runs/r1/rollouts/x/trace", "/api/runs/r1/rollouts/image"])
      expect(policyFor(path, page), path).toBe(page);
  });
});
