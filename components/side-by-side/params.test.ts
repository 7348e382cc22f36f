import { describe, expect, it } from "vitest";
import { sideBySideHref } from "@/lib/views/hrefs";
import { parseSideBySide } from "./params";

/** The search parameters Next.js hands the page for an href. */
const searchOf = (href: string) => Object.fromEntries(new URL(href, "http://tally.test").searchParams);

describe("side-by-side parameters", () => {
  it("split each rollout at the first ':' (rollout ids may hold more)", () => {
    expect(parseSideBySide({ a: "run1:attempt-1/result", b: "run2:x:y" })).toEqual({
      ok: true,
      params: {
        a: { runId: "run1", rolloutId: "attempt-1/result" },
        b: { runId: "run2", rolloutId: "x:y" },
        from: 0,
      },
    });
  });

  it("name the missing or malformed parameter", () => {
    expect(parseSideBySide({ a: "run1:r" })).toEqual({
      ok: false,
      problems: ["“b” is missing: it names a rollout as <run id>:<rollout id>."],
    });
    expect(parseSideBySide({ a: "norollout", b: ":r" })).toEqual({
      ok: false,
      problems: ["“a” is not <run id>:<rollout id>.", "“b” is not <run id>:<rollout id>."],
    });
    expect(parseSideBySide({ a: "run1:", b: "r:x" }).ok).toBe(false);
  });

  it("read a malformed window start as 0, and a repeated parameter by its first value", () => {
    const parsed = parseSideBySide({ a: ["r:1", "r:9"], b: "r:2", from: "-3" });
    expect(parsed).toMatchObject({ ok: true, params: { a: { rolloutId: "1" }, from: 0 } });
    expect(parseSideBySide({ a: "r:1", b: "r:2", from: "600" })).toMatchObject({ params: { from: 600 } });
  });
});

describe("sideBySideHref", () => {
  it("round-trips through the page's parser, whatever the ids hold", () => {
    const ids = ["x:y:z", "a#b", "100%", "what?x=1&y", "Zürich ✓ 日本", "two  spaces", "+plus"];
    for (const id of ids) {
      const href = sideBySideHref({ runId: "run-1", rolloutId: id }, { runId: "run-2", rolloutId: `${id}/2` });
      expect(parseSideBySide(searchOf(href))).toEqual({
        ok: true,
        params: { a: { runId: "run-1", rolloutId: id }, b: { runId: "run-2", rolloutId: `${id}/2` }, from: 0 },
      });
    }
  });
});
