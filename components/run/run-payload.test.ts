import { describe, expect, it } from "vitest";
import { scoringArticle } from "@/lib/scoring/__fixtures__/scoring-article";
import { siloRuns } from "@/lib/scoring/__fixtures__/silo-runs";
import { compactRunJson, readCompactRun, readRunPageMeta, runPageMetaJson } from "./run-payload";
import type { RunPageMeta } from "./run-page-meta";

const meta: RunPageMeta = {
  id: "r",
  name: "scoring-article",
  agent: "agent",
  model: null,
  format: "silo",
  createdAt: null,
  ingestedAt: "2026-01-01T00:00:00.000Z",
  baseline: true,
  labels: ["x"],
  regradeSummary: null,
  regradeReason: null,
  harborMean: 0.5,
  harborMeanNote: "note",
};

describe("run page payload", () => {
  it("carries the run and the page meta as strings", () => {
    const text = compactRunJson(scoringArticle);
    const run = readCompactRun(text);
    expect(run).toStrictEqual(scoringArticle);
    expect(readRunPageMeta(runPageMetaJson(meta))).toEqual(meta);
  });

  it("encodes a run object once, and reads its text back to that very object", () => {
    const text = compactRunJson(siloRuns);
    expect(compactRunJson(siloRuns)).toBe(text);
    // Another string with the same text, as the server's rendering of the client component receives it.
    const copy = JSON.parse(JSON.stringify(text)) as string;
    expect(readCompactRun(copy)).toBe(siloRuns);
  });

  it("decodes text it has not seen, and keeps only the last few runs", () => {
    const originals = Array.from({ length: 6 }, (_, i) => ({ ...structuredClone(siloRuns), name: `run ${i}` }));
    const texts = originals.map(compactRunJson);
    expect(readCompactRun(texts[5]!)).toBe(originals[5]);
    const again = readCompactRun(texts[0]!);
    expect(again).not.toBe(originals[0]);
    expect(again).toStrictEqual(originals[0]);
    expect(readCompactRun(texts[0]!)).toBe(again);
  });
});
