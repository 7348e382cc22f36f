import { describe, expect, it } from "vitest";
import { scoringArticle } from "@/lib/scoring/__fixtures__/scoring-article";
import { siloRuns } from "@/lib/scoring/__fixtures__/silo-runs";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { publishSnapshot, readRunPageMeta, readSnapshot, runPageMetaJson } from "./run-payload";
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
  tags: ["x"],
  regradeSummary: null,
  regradeReason: null,
  harborMean: 0.5,
  shared: [],
  baselineRun: { id: "b", name: "the baseline" },
  harborMeanNote: "note",
  live: true,
};

describe("run page payload", () => {
  it("carries the run and the page meta as strings", () => {
    const text = publishSnapshot(new RunSnapshot(structuredClone(scoringArticle)));
    const snapshot = readSnapshot(JSON.parse(JSON.stringify(text)) as string);
    expect(snapshot.run).toStrictEqual(scoringArticle);
    expect(readRunPageMeta(runPageMetaJson(meta))).toEqual(meta);
  });

  it("reads a published snapshot's text back to that very snapshot", () => {
    const published = new RunSnapshot(siloRuns);
    const text = publishSnapshot(published);
    expect(publishSnapshot(published)).toBe(text);
    // Another string with the same text, as the server's rendering of the client component receives it.
    const copy = JSON.parse(JSON.stringify(text)) as string;
    expect(readSnapshot(copy)).toBe(published);
  });

  it("decodes text it has not seen, and keeps only the last few snapshots", () => {
    const originals = Array.from(
      { length: 6 },
      (_, i) => new RunSnapshot({ ...structuredClone(siloRuns), name: `run ${i}` }),
    );
    const texts = originals.map(publishSnapshot);
    expect(readSnapshot(texts[5]!)).toBe(originals[5]);
    const again = readSnapshot(texts[0]!);
    expect(again).not.toBe(originals[0]);
    expect(again.run).toStrictEqual(originals[0]!.run);
    expect(readSnapshot(texts[0]!)).toBe(again);
  });
});
