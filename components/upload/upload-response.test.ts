import { describe, expect, it } from "vitest";
import { interpretUpload } from "./upload-response";

const report = {
  runs: [{ id: "r1", name: "silo-runs", rollouts: 2 }],
  warnings: [
    "Run “silo-runs” shares 2 of its 2 rollouts with run “old” (a duplicate of “old”; read from the same bytes).",
  ],
  accepted: ["a.result.json", "b.result.json"],
  rejected: [{ path: "bad.result.json", error: "reward: expected number, received string" }],
  duplicates: [],
  skipped: [".DS_Store"],
};

describe("interpretUpload", () => {
  it("reads the per-file report of a stored upload", () => {
    expect(interpretUpload(201, JSON.stringify(report))).toEqual({ kind: "done", body: report });
    const { skipped: _, warnings: __, ...older } = report;
    expect(interpretUpload(200, JSON.stringify(older))).toEqual({
      kind: "done",
      body: { ...older, skipped: [], warnings: [] },
    });
  });

  it("keeps the per-file report when every file was rejected", () => {
    const body = {
      error: {
        code: "invalid",
        message: "No file could be stored: 1 rejected.",
        details: { ...report, runs: [], accepted: [] },
      },
    };
    const outcome = interpretUpload(422, JSON.stringify(body));
    expect(outcome.kind).toBe("all-rejected");
    if (outcome.kind === "all-rejected") expect(outcome.body.rejected[0]?.error).toMatch(/^reward:/);
  });

  it("tells field errors, token, size and other failures apart", () => {
    const fields = {
      error: { code: "invalid", message: "Invalid upload fields.", details: [{ path: "run", message: "Too big" }] },
    };
    expect(interpretUpload(422, JSON.stringify(fields))).toEqual({
      kind: "invalid-fields",
      message: "Invalid upload fields.",
      fields: [{ path: "run", message: "Too big" }],
    });
    expect(interpretUpload(401, JSON.stringify({ error: { code: "unauthorized", message: "token" } }))).toEqual({
      kind: "unauthorized",
      message: "token",
    });
    expect(interpretUpload(413, JSON.stringify({ error: { code: "too_large", message: "limit" } })).kind).toBe(
      "too-large",
    );
    expect(interpretUpload(500, "<html>oops</html>")).toEqual({
      kind: "failed",
      status: 500,
      message: "The server answered 500.",
    });
    expect(interpretUpload(201, "not json").kind).toBe("failed");
    expect(interpretUpload(0, "")).toEqual({ kind: "network" });
  });
});
