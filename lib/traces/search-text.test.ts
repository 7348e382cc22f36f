import { describe, expect, it } from "vitest";
import { buildTrace, draftStep } from "./build";
import { highlightPattern, matchRanges, queryWords, SNIPPET_CONTEXT, snippetOf } from "./search-match";
import { cutText, searchStepsOf, STEP_TEXT_LIMIT } from "./search-text";

describe("the text a step is searched by", () => {
  it("is its message, reasoning, calls with arguments and results, cut at 64 KiB", () => {
    const long = "x".repeat(STEP_TEXT_LIMIT + 10);
    const trace = buildTrace({
      format: "test",
      path: "t.json",
      steps: [
        draftStep("agent", {
          text: "hello",
          reasoning: "think",
          toolCalls: [{ id: "c1", name: "bash", arguments: { cmd: "ls" } }],
        }),
        draftStep("tool", {
          results: [{ callId: "c1", content: [{ type: "json", value: { ok: false } }], isError: true }],
        }),
        draftStep("user", { text: long }),
        draftStep("agent", { text: "nul\u0000here" }),
      ],
    });
    const steps = searchStepsOf(trace);
    expect(steps[0]).toEqual({
      step: 0,
      source: "agent",
      tool: "bash",
      isError: false,
      text: 'hello\nthink\nbash {"cmd":"ls"}',
    });
    // A result is filed under the call it answers.
    expect(steps[1]).toEqual({ step: 1, source: "tool", tool: "bash", isError: true, text: '{"ok":false}' });
    expect(steps[2]!.text.length).toBe(STEP_TEXT_LIMIT);
    expect(steps[3]!.text).toBe("nul here");
  });

  it("is never cut between the halves of a surrogate pair", () => {
    const text = `${"a".repeat(9)}🎯b`;
    expect(cutText(text, 10)).toBe("a".repeat(9));
    expect(cutText(text, 11)).toBe(`${"a".repeat(9)}🎯`);
    expect(cutText("short", 10)).toBe("short");
  });
});

describe("matches and snippets", () => {
  it("finds whole words without case, and a phrase across punctuation", () => {
    expect(queryWords("  Pip-install, NOW! ")).toEqual(["pip", "install", "now"]);
    const words = highlightPattern("words", ["pip", "install"]);
    // Side by side they are one match; apart, each is its own.
    expect(matchRanges("pipe pip Install reinstall", words)).toEqual([[5, 16]]);
    expect(matchRanges("install, then pip", words)).toEqual([
      [0, 7],
      [14, 17],
    ]);
    expect(matchRanges("read_file read file readfile", highlightPattern("phrase", ["read", "file"]))).toEqual([
      [0, 9],
      [10, 19],
    ]);
    // Words are matched literally: a dot is a dot.
    expect(matchRanges("axb a.b", highlightPattern("words", ["a.b"]))).toEqual([[4, 7]]);
  });

  it("cuts around the first match at a word boundary, keeping the matches inside", () => {
    const text = `${"word ".repeat(40)}needle ${"tail ".repeat(80)}`;
    const at = text.indexOf("needle");
    const snippet = snippetOf(text, [[at, at + 6]]);
    expect(snippet.cutStart).toBe(true);
    expect(snippet.cutEnd).toBe(true);
    expect(snippet.text.startsWith("word ")).toBe(true);
    const [range] = snippet.ranges;
    expect(snippet.text.slice(range![0], range![1])).toBe("needle");
    expect(range![0]).toBeLessThanOrEqual(SNIPPET_CONTEXT);
    expect(snippetOf("no match here", [])).toEqual({
      text: "no match here",
      ranges: [],
      cutStart: false,
      cutEnd: false,
    });
  });
});
