import { describe, expect, it } from "vitest";
import { sideBySideHref, sideBySideOfHref } from "@/lib/views/hrefs";
import { parseSideBySide } from "./params";

/** The search parameters Next.js hands the page for an href. */
const searchOf = (href: string) => Object.fromEntries(new URL(href, "http://tally.test").searchParams);

describe("side-by-side parameters", () => {
  it("split each rollout at the first ':' (rollout ids may hold more)", () => {
    expect(parseSideBySide({ a: "run1:attempt-1/result", b: "run2:x:y" })).toEqual({
      ok: true,
      params: {
        refs: [
          { runId: "run1", rolloutId: "attempt-1/result" },
          { runId: "run2", rolloutId: "x:y" },
        ],
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
    expect(parsed).toMatchObject({ ok: true, params: { refs: [{ rolloutId: "1" }, { rolloutId: "2" }], from: 0 } });
    expect(parseSideBySide({ a: "r:1", b: "r:2", from: "600" })).toMatchObject({ params: { from: 600 } });
  });
});

describe("three and four rollouts", () => {
  it("take c and d in column order; a fifth or a d without c is named", () => {
    const refs = ["r:1", "r:2", "s:3", "t:4/x"];
    const href = sideBySideOfHref(
      refs.map((t) => ({ runId: t.split(":")[0]!, rolloutId: t.slice(2) })),
      { from: 300 },
    );
    expect(href).toBe("/compare/rollouts?a=r:1&b=r:2&c=s:3&d=t:4/x&from=300");
    const parsed = parseSideBySide(searchOf(href));
    expect(parsed).toMatchObject({ ok: true, params: { from: 300 } });
    if (!parsed.ok) throw new Error("expected to parse");
    expect(parsed.params.refs.map((r) => `${r.runId}:${r.rolloutId}`)).toEqual(refs);
    expect(parseSideBySide({ a: "r:1", b: "r:2", c: "r:3" })).toMatchObject({ ok: true });
    expect(parseSideBySide({ a: "r:1", b: "r:2", c: "r:3", d: "r:4", e: "r:5" })).toEqual({
      ok: false,
      problems: ["At most 4 rollouts side by side (a, b, c, d): leave out “e”."],
    });
    expect(parseSideBySide({ a: "r:1", b: "r:2", d: "r:4" })).toEqual({
      ok: false,
      problems: ["“d” is given without “c”: name the third rollout as “c”."],
    });
    expect(parseSideBySide({ a: "r:1", b: "r:2", c: "nothing" })).toEqual({
      ok: false,
      problems: ["“c” is not <run id>:<rollout id>."],
    });
    expect(parseSideBySide({ a: "r:1" })).toMatchObject({ ok: false });
  });
});

describe("sideBySideHref", () => {
  it("round-trips through the page's parser, whatever the ids hold", () => {
    const ids = ["x:y:z", "a#b", "100%", "what?x=1&y", "Zürich ✓ 日本", "two  spaces", "+plus"];
    for (const id of ids) {
      const href = sideBySideHref({ runId: "run-1", rolloutId: id }, { runId: "run-2", rolloutId: `${id}/2` });
      expect(parseSideBySide(searchOf(href))).toEqual({
        ok: true,
        params: {
          refs: [
            { runId: "run-1", rolloutId: id },
            { runId: "run-2", rolloutId: `${id}/2` },
          ],
          from: 0,
        },
      });
    }
  });
});
