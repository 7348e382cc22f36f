import { strToU8, zipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { expandZip } from "@/lib/archive/unzip";
import { forEachDatabase } from "@/lib/db/test-databases";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { fixtureFile } from "../__fixtures__/load-fixture";
import type { InputFile } from "../types";
import { CHUNKED_LIMITS, chunkedSampleEntries, readChunkedSample } from "./chunked";
import { logRun } from "./run";
import { readZipLog } from "./sources";

// Hostile chunked samples, each made from the converted fixture by one change. A bad sample inside a .eval
// refuses the log (as a bad monolith sample does), naming the entry and the field; the rest of the batch is read.

const S = "samples/0_epoch_1";
const good = fixtureFile("traces/inspect-ai/chunked/log_message_deduplication.eval", "chunked.eval");

function entriesOf(file: InputFile): Record<string, Uint8Array> {
  const expanded = expandZip(file);
  if ("error" in expanded) throw new Error(expanded.error);
  return Object.fromEntries(expanded.files.map((f) => [f.path.slice(file.path.length + 1), f.bytes]));
}

/** The fixture with `change` applied to its entries, as `bad.eval`. */
function altered(change: (entries: Record<string, Uint8Array>) => void, path = "bad.eval"): InputFile {
  const entries = entriesOf(good);
  change(entries);
  return { path, bytes: zipSync(entries) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const rename = (e: Record<string, Uint8Array>, from: string, to: string) => {
  e[to] = e[from]!;
  delete e[from];
};

/** The rejection of `bad` in a batch beside the good chunked log, which is still read. */
function refusal(bad: InputFile): string {
  const batch = parseBatch([bad, good]);
  expect(batch.runs.map((r) => r.rollouts.map((x) => x.source.path))).toEqual([["chunked.eval#0_epoch_1"]]);
  expect(batch.rejected.map((r) => r.path)).toEqual(["bad.eval"]);
  return batch.rejected[0]!.error;
}

describe("hostile chunked Inspect samples: a clear error naming the entry, the rest of the batch read", () => {
  it("a sample folder without its shell", () => {
    const bad = altered((e) => delete e[`${S}/sample.json`]);
    expect(refusal(bad)).toBe(`${S}/sample.json: missing, though ${S}/ holds 31 entries`);
  });

  it("a gap and an overlap between a sequence's chunks", () => {
    expect(refusal(altered((e) => rename(e, `${S}/messages/4.json`, `${S}/messages/5.json`)))).toBe(
      `${S}/messages/5.json: the chunk starts at messages 5 but the chunks before it end at 4 (a gap)`,
    );
    expect(refusal(altered((e) => rename(e, `${S}/events/4.json`, `${S}/events/3.json`)))).toBe(
      `${S}/events/3.json: the chunk starts at events 3 but the chunks before it end at 4 (an overlap)`,
    );
    expect(refusal(altered((e) => delete e[`${S}/events/0.json`]))).toBe(
      `${S}/events/2.json: the chunk starts at events 2 but the chunks before it end at 0 (a gap)`,
    );
  });

  it("an attachment index out of range, and attachments that are not strings", () => {
    const out = altered((e) => {
      e[`${S}/events/8.json`] = strToU8(text(e[`${S}/events/8.json`]!).replace("attachment://0", "attachment://7"));
    });
    expect(refusal(out)).toMatch(
      new RegExp(
        `^${S}/events/8\\.json: \\[0\\]\\.tools\\[1\\]\\.description: attachment://7 is not among the sample's 1 attachments$`,
      ),
    );
    expect(refusal(altered((e) => (e[`${S}/attachments/0.json`] = strToU8("[1]"))))).toBe(
      `${S}/attachments/0.json: [0]: expected a string (an attachment)`,
    );
  });

  it("message_refs outside the messages, a chunk that is not a list, a name that is not a chunk", () => {
    const refs = altered((e) => {
      const shell = JSON.parse(text(e[`${S}/sample.json`]!)) as Record<string, unknown>;
      e[`${S}/sample.json`] = strToU8(
        JSON.stringify({
          ...shell,
          message_refs: [
            [0, 5],
            [10, 40],
          ],
        }),
      );
    });
    expect(refusal(refs)).toBe(`${S}/sample.json: message_refs[1]: [10, 40) is outside the 12 messages`);
    expect(refusal(altered((e) => (e[`${S}/calls/0.json`] = strToU8('{"a":1}'))))).toBe(
      `${S}/calls/0.json: expected a JSON array of calls`,
    );
    expect(refusal(altered((e) => rename(e, `${S}/messages/2.json`, `${S}/messages/02.json`)))).toBe(
      `${S}/messages/02.json: not an entry of a chunked sample (a chunk is <sequence>/<start>.json)`,
    );
  });

  it("a __proto__ key holding a reference stays a key of the reassembled sample, resolved", () => {
    const proto = altered((e) => {
      const shell = text(e[`${S}/sample.json`]!);
      e[`${S}/sample.json`] = strToU8(shell.replace(/^\{/, '{"probe":{"__proto__":{"note":"attachment://0"}},'));
    });
    const expanded = expandZip(proto);
    if ("error" in expanded) throw new Error(expanded.error);
    const entries = chunkedSampleEntries(expanded.files.map((f) => [f.path.slice("bad.eval/".length), f]));
    const read = readChunkedSample("0_epoch_1", entries.get("0_epoch_1")!);
    if (!read.ok) throw new Error(read.error);
    const store = read.value.probe as Record<string, unknown>;
    expect(Object.keys(store)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(store)).toBe(Object.prototype);
    expect(JSON.stringify(store)).toContain("Use the python function");
  });

  it("deep nesting in a chunk, and a chunk that is not JSON", () => {
    const deep = "[".repeat(600) + "]".repeat(600);
    expect(refusal(altered((e) => (e[`${S}/events/40.json`] = strToU8(`[${deep}]`))))).toBe(
      `${S}/events/40.json: JSON nested deeper than 512 levels`,
    );
    expect(refusal(altered((e) => (e[`${S}/messages/10.json`] = strToU8("[{"))))).toMatch(
      new RegExp(`^${S}/messages/10\\.json: invalid JSON at line 1 column \\d+`),
    );
  });

  it("an entry over the size limit, attachments and the conversation expanding past theirs", () => {
    const read = readZipLog(good, undefined, { ...CHUNKED_LIMITS, maxEntryBytes: 8192 });
    expect(logRun(read, {}).rejected).toEqual([
      {
        path: "chunked.eval",
        error: `${S}/events/10.json: 10906 bytes (10.7 KiB), over the 8192 bytes (8 KiB) one entry of a chunked sample may hold`,
      },
    ]);
    // The one 569-character attachment is referenced 7 times: the third reference passes 1,500.
    const resolved = readZipLog(good, undefined, { ...CHUNKED_LIMITS, maxResolvedChars: 1500 });
    expect(logRun(resolved, {}).rejected[0]!.error).toBe(
      `${S}/events/12.json: [1].tools[1].description: the sample's attachment references expand to more than 1500 characters`,
    );
    expect(
      logRun(readZipLog(good, undefined, { ...CHUNKED_LIMITS, maxResolvedChars: 569 * 7 }), {}).run,
    ).not.toBeNull();
    // The conversation's 12 messages against a limit of 11, then of 12.
    const conversation = (max: number) =>
      logRun(readZipLog(good, undefined, { ...CHUNKED_LIMITS, maxConversation: max }), {});
    expect(conversation(11).rejected).toEqual([
      { path: "chunked.eval", error: `${S}/sample.json: message_refs[0]: the conversation passes 11 messages` },
    ]);
    expect(conversation(12).run?.rollouts).toHaveLength(1);
  });

  it("in an expanded log, refuses every entry of the broken sample and reads the other sample", () => {
    const mixed = fixtureFile("traces/inspect-ai/chunked/mixed.eval", "mixed.eval");
    const expanded = expandZip(mixed);
    if ("error" in expanded) throw new Error(expanded.error);
    const files = expanded.files.filter((f) => f.path !== `mixed.eval/${S}/events/0.json`);
    const batch = parseBatch(files);
    const refused = files.filter((f) => f.path.startsWith(`mixed.eval/${S}/`)).map((f) => f.path);
    expect(batch.rejected.map((r) => r.path).sort()).toEqual(refused.sort());
    expect(new Set(batch.rejected.map((r) => r.error))).toEqual(
      new Set([`${S}/events/2.json: the chunk starts at events 2 but the chunks before it end at 0 (a gap)`]),
    );
    expect(batch.runs.flatMap((r) => r.rollouts.map((x) => x.id))).toEqual(["0#2"]);
  });

  it("in an expanded log, a shell field of the wrong type refuses every entry of that sample", () => {
    const expanded = expandZip(
      altered((e) => {
        const shell = JSON.parse(text(e[`${S}/sample.json`]!)) as Record<string, unknown>;
        e[`${S}/sample.json`] = strToU8(JSON.stringify({ ...shell, epoch: "one" }));
      }),
    );
    if ("error" in expanded) throw new Error(expanded.error);
    const batch = parseBatch(expanded.files);
    const ofSample = batch.rejected.filter((r) => r.path.startsWith(`bad.eval/${S}/`));
    expect(ofSample).toHaveLength(32);
    expect(new Set(ofSample.map((r) => r.error))).toEqual(new Set(["epoch: expected number, received string"]));
    // The log's other entries: no sample is left.
    expect(batch.rejected.length - ofSample.length).toBe(5);
    expect(batch.unclaimed).toEqual([]);
  });
});

forEachDatabase("a hostile chunked Inspect log in an ingest", (t) => {
  beforeEach(() => t.reset());

  it("stores the good log's rollout, refuses the bad log with its reason, keeps its bytes", async () => {
    const bad = altered((e) => delete e[`${S}/sample.json`], "batch/bad.eval");
    const ok = { ...good, path: "batch/chunked.eval" };
    const result = await ingestFiles(t.store, [bad, ok], { rootName: "batch" });
    expect(result.accepted).toEqual(["batch/chunked.eval"]);
    expect(result.rejected).toEqual([
      { path: "batch/bad.eval", error: `${S}/sample.json: missing, though ${S}/ holds 31 entries` },
    ]);
    const rollouts = await t.db.rollout.findMany({ include: { checks: true } });
    expect(rollouts.map((r) => [r.rolloutId, r.sourcePath, r.toolCalls, r.steps, r.checks.length])).toEqual([
      ["0#1", "batch/chunked.eval#0_epoch_1", 5, 12, 1],
    ]);
    expect(await t.db.rejectedFile.count()).toBe(1);
  });
});
