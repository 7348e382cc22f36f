import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync, zipSync } from "fflate";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import type { InputFile } from "@/lib/formats/types";

/**
 * The hostile corpus, built in memory at test time (no megabytes committed): deep nesting, NUL characters,
 * 2 MB strings, a BOM, UTF-16 text, a zip bomb, path traversal and absolute names in archives, a non-zip and
 * an empty zip, plus the bad-inputs fixtures. Each file says what Tally must do with it.
 */
export interface HostileFile extends InputFile {
  /** "stored", or the rejection message expected for this path. */
  expect: "stored" | RegExp;
  /** What the file is, for test names. */
  what: string;
}

export const TWO_MB = 2 * 1024 * 1024;
export const DEEP_ARRAYS = 100_000;
export const DEEP_OBJECTS = 10_000;

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A small valid Silo result; `tag` makes the bytes unique (so a test can store fresh rollouts each time). */
export function siloResult(tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    passed: true,
    reward: 1,
    agentOutput: `hostile corpus ${tag}`,
    checks: [{ label: "The answer is right", passed: true, detail: "ok", required: true }],
    ...extra,
  };
}

/** Silo JSON text with `inner` spliced in raw as the value of a key (to build nesting JSON.stringify would
 *  refuse or overflow on). */
function withRawValue(tag: string, key: string, inner: string): string {
  const base = JSON.stringify(siloResult(tag));
  return `${base.slice(0, -1)},${JSON.stringify(key)}:${inner}}`;
}

/** 100,000 nested arrays inside a check's detail. */
function deepArrays(tag: string): string {
  const nested = "[".repeat(DEEP_ARRAYS) + "]".repeat(DEEP_ARRAYS);
  const result = JSON.stringify(
    siloResult(tag, { checks: [{ label: "deep", passed: true, required: true, detail: "@@" }] }),
  );
  return result.replace('"@@"', nested);
}

/** 10,000 nested objects in a metadata field. */
function deepObjects(tag: string): string {
  return withRawValue(tag, "metadata", '{"a":'.repeat(DEEP_OBJECTS) + "1" + "}".repeat(DEEP_OBJECTS));
}

// ---- zip writing by hand: a bomb whose entries all share one deflated megabyte of zeros ----

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface RawEntry {
  name: string;
  deflated: Uint8Array;
  crc: number;
  size: number;
}

/** A zip of already-deflated entries (method 8), so a 600 MB archive never exists uncompressed in memory. */
export function zipOfDeflated(entries: RawEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = utf8(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint16(12, 0x21, true);
    lv.setUint32(14, e.crc, true);
    lv.setUint32(18, e.deflated.length, true);
    lv.setUint32(22, e.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint16(14, 0x21, true);
    cv.setUint32(16, e.crc, true);
    cv.setUint32(20, e.deflated.length, true);
    cv.setUint32(24, e.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, e.deflated);
    centrals.push(central);
    offset += local.length + e.deflated.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** 600 entries of 1 MB of zeros each: 600 MB expanded, about 600 KB compressed. */
export function zipBomb(megabytes = 600): Uint8Array {
  const zeros = new Uint8Array(1024 * 1024);
  const deflated = deflateSync(zeros, { level: 9 });
  const crc = crc32(zeros);
  return zipOfDeflated(
    Array.from({ length: megabytes }, (_, i) => ({
      name: `zeros/${i}.result.json`,
      deflated,
      crc,
      size: zeros.length,
    })),
  );
}

function badInputs(): InputFile[] {
  const dir = fixturePath("bad-inputs");
  return readdirSync(dir)
    .sort()
    .map((name) => ({ path: name, bytes: new Uint8Array(readFileSync(path.join(dir, name))) }));
}

const BAD_INPUT_EXPECT: Record<string, RegExp | "stored"> = {
  "truncated.json": /invalid JSON at line \d+ column \d+/,
  "empty.json": /empty file/,
  "not-an-object.json": /found a JSON array|not a recognised result file|expected object/,
  "reward-is-a-string.json": /reward: expected number/,
  "check-without-label.json": /checks\[0\]\.label/,
  "no-required-checks.json": "stored",
  "markup-in-text.json": "stored",
};

/** Every hostile file under `prefix` (default `hostile/`); `tag` makes the stored ones unique. */
export function hostileCorpus(tag = "fixed", prefix = "hostile/"): HostileFile[] {
  const good = JSON.stringify(siloResult(tag));
  const bigString = "x".repeat(TWO_MB - 10) + "<b>end</b>";
  const files: HostileFile[] = [
    {
      what: "100,000 nested arrays in a check detail",
      path: "deep-arrays.result.json",
      bytes: utf8(deepArrays(tag)),
      expect: /nested deeper than 512 levels/,
    },
    {
      what: "10,000 nested objects in metadata",
      path: "deep-objects.result.json",
      bytes: utf8(deepObjects(tag)),
      expect: /nested deeper than 512 levels/,
    },
    {
      what: "511 nested objects in metadata (512 levels: the deepest allowed)",
      path: "deep-allowed.result.json",
      bytes: utf8(withRawValue(`${tag} deep allowed`, "metadata", '{"a":'.repeat(511) + "1" + "}".repeat(511))),
      expect: "stored",
    },
    {
      what: "NUL characters in strings",
      path: "nul-bytes.result.json",
      bytes: utf8(
        JSON.stringify(
          siloResult(tag, {
            agentOutput: `before\u0000after ${tag}`,
            checks: [{ label: "NUL\u0000label", passed: true, required: true, detail: "d\u0000" }],
          }),
        ),
      ),
      expect: "stored",
    },
    {
      what: "a 2 MB agentOutput",
      path: "big-output.result.json",
      bytes: utf8(JSON.stringify(siloResult(tag, { agentOutput: `${tag} ${bigString}` }))),
      expect: "stored",
    },
    {
      what: "a 2 MB check label",
      path: "big-label.result.json",
      bytes: utf8(
        JSON.stringify(
          siloResult(`${tag} big label`, {
            checks: [{ label: bigString, passed: true, required: true, detail: "big label" }],
          }),
        ),
      ),
      expect: "stored",
    },
    {
      what: "a UTF-8 byte order mark",
      path: "bom.result.json",
      bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(JSON.stringify(siloResult(`${tag} bom`)))]),
      expect: "stored",
    },
    {
      what: "UTF-16LE text with its BOM",
      path: "utf16.result.json",
      bytes: utf16le(JSON.stringify(siloResult(`${tag} utf16`))),
      expect: "stored",
    },
    {
      what: "a zip bomb (600 MB of zeros)",
      path: "bomb.zip",
      bytes: zipBomb(),
      expect: /expands to more than the limit of \d+ bytes \(512 MiB\).*TALLY_MAX_EXPANDED_BYTES.*zip bomb\?/,
    },
    {
      what: "a ../../etc/passwd entry in a zip",
      path: "traversal.zip",
      bytes: zipSync({ "ok.result.json": utf8(good), "../../etc/passwd": utf8("root:x:0:0") }),
      expect: /"\.\.\/\.\.\/etc\/passwd" points outside the archive \(path traversal\)/,
    },
    {
      what: "an absolute path entry in a zip",
      path: "absolute.zip",
      bytes: zipSync({ "ok.result.json": utf8(good), "/etc/passwd": utf8("root:x:0:0") }),
      expect: /"\/etc\/passwd" points outside the archive \(path traversal\)/,
    },
    {
      what: "a text file named .zip",
      path: "not-a-zip.zip",
      bytes: utf8("this is not a zip archive\n"),
      expect: /not a readable zip archive/,
    },
    { what: "an empty zip", path: "empty.zip", bytes: zipSync({}), expect: /archive holds no files/ },
  ];
  for (const file of badInputs()) {
    files.push({
      what: `bad-inputs/${file.path}`,
      path: file.path,
      bytes: file.bytes,
      expect: BAD_INPUT_EXPECT[file.path] ?? /./,
    });
  }
  return files.map((f) => ({ ...f, path: prefix + f.path }));
}

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + i * 2] = c & 0xff;
    out[3 + i * 2] = c >> 8;
  }
  return out;
}
