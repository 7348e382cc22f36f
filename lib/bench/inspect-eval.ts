import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureIngest } from "./measure-ingest";
import { seeded } from "@/lib/scoring/core/seeded";

/*
 * A synthetic Inspect AI `.eval` log as Inspect writes it: a zip of header.json, _journal/start.json,
 * samples/<id>_epoch_<n>.json (messages, events, scores, model usage), _journal/summaries/<n>.json,
 * summaries.json and reductions.json, every member Zstandard-compressed (zip method 93). Samples are a few KB
 * of English-like text each, so a real compressor shrinks them about as much as it shrinks real transcripts.
 */

export interface EvalShape {
  samples: number;
  seed: number;
  /**
   * "zstd": each member compressed by the `zstd` command (level 3, as Inspect's writer), when installed;
   * "raw": uncompressed Zstandard frames written here (valid Zstandard, no smaller: cheap for tests).
   */
  compression: "zstd" | "raw";
  /** Tool calls in every sample (each is a model event and a tool event); unset: 1 to 3, at random. */
  calls?: number;
}

export interface WrittenEval {
  file: string;
  bytes: number;
  /** What the members expand to, and how many there are. */
  expandedBytes: number;
  entries: number;
}

const WORDS = (
  "the of and to in is that for it as with was on be by this are from or at an which have not has but were " +
  "they their one all would there been if more when will can about so what who some its into than them only " +
  "file test function error value return result check tool call output input model answer task step agent " +
  "repository patch build query table refund customer order invoice status policy account ticket schedule"
).split(" ");

function words(rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(" ");
}

const MODEL = "openai/gpt-4o-mini";
const CREATED = "2026-11-30T10:00:00+00:00";

function header(shape: EvalShape) {
  return {
    version: 2,
    status: "success",
    eval: {
      run_id: `bench-run-${shape.seed}`,
      eval_id: `bench-eval-${shape.seed}`,
      created: CREATED,
      task: "bench_inspect",
      task_id: `bench-task-${shape.seed}`,
      task_version: 0,
      dataset: { name: "bench", samples: shape.samples, shuffled: false },
      model: MODEL,
      solver: "react",
      config: { epochs: 1 },
    },
    plan: { name: "plan", steps: [{ solver: "system_message" }, { solver: "react" }] },
    results: { total_samples: shape.samples, completed_samples: shape.samples, scores: [{ name: "match" }] },
    stats: { started_at: CREATED, completed_at: CREATED },
  };
}

const hex = (rand: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join("");

/**
 * One sample: a short agent transcript (messages, and the events Inspect records for them with their own
 * timestamps, clock readings and ids, which is what keeps real logs from compressing much), scored C or I.
 */
function sample(id: number, rand: () => number, fixedCalls?: number) {
  let clock = Date.parse(CREATED) + id * 60_000;
  let working = id * 37.5;
  const stamp = () => {
    clock += 50 + Math.floor(rand() * 4000);
    working += rand() * 4;
    return { timestamp: new Date(clock).toISOString(), working_start: working, uuid: hex(rand, 22) };
  };
  const question = words(rand, 60);
  const calls = fixedCalls ?? 1 + Math.floor(rand() * 3);
  const messages: unknown[] = [
    { id: hex(rand, 22), role: "system", content: "You are a careful agent. Use the tools, then answer in one line." },
    { id: hex(rand, 22), role: "user", content: question, source: "input" },
  ];
  const events: unknown[] = [{ event: "sample_init", ...stamp(), sample: { id, input: question, target: "yes" } }];
  let inputTokens = 0;
  let outputTokens = 0;
  for (let c = 0; c < calls; c++) {
    const callId = `call_${hex(rand, 24)}`;
    const args = { query: words(rand, 6) };
    const result = words(rand, 110 + Math.floor(rand() * 110));
    const input = 250 + Math.floor(rand() * 2000);
    const output = 10 + Math.floor(rand() * 200);
    const usage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
    inputTokens += usage.input_tokens;
    outputTokens += usage.output_tokens;
    const assistant = {
      id: hex(rand, 22),
      role: "assistant",
      content: words(rand, 20),
      source: "generate",
      tool_calls: [{ id: callId, function: "search", arguments: args, type: "function" }],
    };
    messages.push(assistant, {
      id: hex(rand, 22),
      role: "tool",
      tool_call_id: callId,
      function: "search",
      content: result,
    });
    events.push(
      {
        event: "model",
        ...stamp(),
        model: MODEL,
        output: { model: MODEL, choices: [{ message: assistant }], usage, time: rand() * 9 },
      },
      { event: "tool", ...stamp(), id: callId, function: "search", arguments: args, result, working_time: rand() * 3 },
    );
  }
  const answer = rand() < 0.6 ? "yes" : "no";
  const final = { id: hex(rand, 22), role: "assistant", content: answer, source: "generate" };
  messages.push(final);
  const usage = { input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
  const score = { value: answer === "yes" ? "C" : "I", answer, explanation: words(rand, 12) };
  events.push({ event: "score", ...stamp(), score });
  return {
    summary: { id, epoch: 1, input: question.slice(0, 80), target: "yes", scores: { match: score } },
    full: {
      id,
      epoch: 1,
      uuid: hex(rand, 22),
      input: question,
      target: "yes",
      messages,
      output: { model: MODEL, choices: [{ message: final, stop_reason: "stop" }], usage },
      scores: { match: score },
      metadata: { difficulty: Math.floor(rand() * 5) },
      store: {},
      events,
      model_usage: { [MODEL]: usage },
      total_time: 5 + rand() * 60,
      working_time: 4 + rand() * 50,
      attachments: {},
    },
  };
}

/** `bytes` as one Zstandard frame of raw (stored) blocks: what fzstd and every decoder read, written in JS. */
export function rawZstdFrame(bytes: Uint8Array): Uint8Array {
  const BLOCK = 128 * 1024;
  const size = bytes.byteLength;
  // Single segment, content size in 1, 2 (minus 256) or 4 bytes; no window descriptor, checksum or dictionary.
  const [flag, fcs] = size < 256 ? [0, 1] : size < 65536 + 256 ? [1, 2] : [2, 4];
  const blocks = Math.max(1, Math.ceil(size / BLOCK));
  const out = new Uint8Array(4 + 1 + fcs + blocks * 3 + size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xfd2fb528, true);
  out[4] = (flag << 6) | 0x20;
  if (fcs === 1) out[5] = size;
  else if (fcs === 2) view.setUint16(5, size - 256, true);
  else view.setUint32(5, size, true);
  let at = 5 + fcs;
  for (let b = 0; b < blocks; b++) {
    const part = bytes.subarray(b * BLOCK, Math.min(size, (b + 1) * BLOCK));
    const last = b === blocks - 1 ? 1 : 0;
    const head = last | (part.byteLength << 3); // block type 0: raw
    out[at] = head & 0xff;
    out[at + 1] = (head >> 8) & 0xff;
    out[at + 2] = (head >> 16) & 0xff;
    out.set(part, at + 3);
    at += 3 + part.byteLength;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

interface Member {
  name: string;
  bytes: Uint8Array;
}

/** The log's members in the order Inspect writes them: start, samples with a journal summary every 1,000, the rest. */
function* members(shape: EvalShape): Generator<Member> {
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const rand = seeded(shape.seed);
  const head = header(shape);
  yield { name: "_journal/start.json", bytes: json({ version: 2, eval: head.eval, plan: head.plan }) };
  const summaries: unknown[] = [];
  let pending: unknown[] = [];
  let flushes = 0;
  for (let id = 1; id <= shape.samples; id++) {
    const s = sample(id, rand, shape.calls);
    summaries.push(s.summary);
    pending.push(s.summary);
    yield { name: `samples/${id}_epoch_1.json`, bytes: json(s.full) };
    if (pending.length === 1000 || id === shape.samples) {
      yield { name: `_journal/summaries/${++flushes}.json`, bytes: json(pending) };
      pending = [];
    }
  }
  yield { name: "summaries.json", bytes: json(summaries) };
  yield { name: "reductions.json", bytes: json([{ scorer: "match", samples: [] }]) };
  yield { name: "header.json", bytes: json(head) };
}

/** Compresses members with the `zstd` command, 2,000 at a time (one process per batch, not per member). */
function zstdCompressor(): (batch: Member[]) => Uint8Array[] {
  const probe = spawnSync("zstd", ["--version"]);
  if (probe.status !== 0) throw new Error("the zstd command is not installed: use compression raw");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-eval-zstd-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return (batch) => {
    const files = batch.map((m, i) => {
      const file = path.join(dir, `${i}.json`);
      fs.writeFileSync(file, m.bytes);
      return file;
    });
    const run = spawnSync("zstd", ["-3", "-q", "-f", "--rm", ...files], { stdio: ["ignore", "ignore", "pipe"] });
    if (run.status !== 0) throw new Error(`zstd failed: ${run.stderr.toString()}`);
    return files.map((f) => {
      const out = fs.readFileSync(`${f}.zst`);
      fs.rmSync(`${f}.zst`);
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    });
  };
}

/**
 * Writes the log to `file`, member by member (memory holds one batch of members, not the log). Stays below
 * 65,535 members, the most a zip without Zip64 records holds (50,000 samples are 50,053 members).
 */
export function writeInspectEval(file: string, shape: EvalShape): WrittenEval {
  const compress =
    shape.compression === "zstd" ? zstdCompressor() : (batch: Member[]) => batch.map((m) => rawZstdFrame(m.bytes));
  const fd = fs.openSync(file, "w");
  const central: Buffer[] = [];
  let offset = 0;
  let expandedBytes = 0;
  let entries = 0;
  const write = (bytes: Uint8Array) => {
    fs.writeSync(fd, bytes);
    offset += bytes.byteLength;
  };
  const flush = (batch: Member[]) => {
    const compressed = compress(batch);
    batch.forEach((m, i) => {
      const data = compressed[i]!;
      const name = Buffer.from(m.name, "utf8");
      const crc = crc32(m.bytes);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(63, 4); // version needed: 6.3 (Zstandard)
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(93, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.byteLength, 18);
      local.writeUInt32LE(m.bytes.byteLength, 22);
      local.writeUInt16LE(name.length, 26);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(63, 4);
      entry.writeUInt16LE(63, 6);
      entry.writeUInt16LE(0x0800, 8);
      entry.writeUInt16LE(93, 10);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(data.byteLength, 20);
      entry.writeUInt32LE(m.bytes.byteLength, 24);
      entry.writeUInt16LE(name.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(entry, name);
      write(local);
      write(name);
      write(data);
      expandedBytes += m.bytes.byteLength;
      entries++;
    });
  };
  try {
    let batch: Member[] = [];
    for (const m of members(shape)) {
      batch.push(m);
      if (batch.length === 2000) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    if (entries > 0xffff) throw new Error(`${entries} members need Zip64, which this writer does not write`);
    const start = offset;
    for (const part of central) write(part);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries, 8);
    end.writeUInt16LE(entries, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    write(end);
  } finally {
    fs.closeSync(fd);
  }
  return { file, bytes: offset, expandedBytes, entries };
}

/**
 * `tally bench --inspect-eval N`: writes an N-sample log (zstd members when the command is installed) and
 * times the real CLI ingesting it into a fresh SQLite file, with its peak memory.
 */
export async function measureInspectEvalIngest(root: string, tmp: string, samples: number) {
  let compression: EvalShape["compression"] = "zstd";
  if (spawnSync("zstd", ["--version"]).status !== 0) compression = "raw";
  const log = writeInspectEval(path.join(tmp, `inspect-${samples}.eval`), { samples, seed: 7, compression });
  const ingest = await measureIngest(root, log.file, path.join(tmp, "inspect.db"));
  return { log: { ...log, compression }, ingest };
}
