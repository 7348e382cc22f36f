import { duplicateKeys } from "./json-duplicates";
import type { InputFile } from "./types";

/*
 * Byte facts of a batch's files, found in one read of each: which of a few byte strings each file holds, its
 * first bytes, and the keys its JSON gives twice. Archive sniffing, each format's detector, the duplicate-key
 * warning and the NUL check each pass over the whole batch; a batch read lazily from disk
 * (lib/ingest/disk-file.ts) past its read budget would be read again by every one of them (100,000 files: about
 * ten reads each). Contract: an answer from a sniff is the answer a search of the file's bytes gives (every read
 * of a file gives the bytes of the first), and a question a sniff did not cover reads the file.
 */

interface Sniff {
  needles: readonly string[];
  /** Bit n: the file holds needles[n]. */
  found: number;
  /** The first bytes (up to HEAD), packed little-endian, and how many there are. */
  head: number;
  headLength: number;
  /** Keys given twice in one object (json-duplicates.ts), null when not scanned. */
  duplicates: readonly string[] | null;
}

const HEAD = 4;
const MAX_NEEDLES = 31;
const NONE: readonly string[] = [];
const sniffs = new WeakMap<InputFile, Sniff>();

/**
 * Reads each file once and keeps its facts until forgetSniffs: whether it holds each needle (at most 31), its
 * first four bytes and, for the files `scanKeys` names, the keys its text gives twice (`text` decodes the bytes).
 */
export function sniffFiles(
  files: readonly InputFile[],
  needles: readonly string[],
  scanKeys: { file: (file: InputFile) => boolean; text: (bytes: Uint8Array) => string | null },
): void {
  const kept = [...new Set(needles)].slice(0, MAX_NEEDLES);
  const searched = kept.map((n) => Buffer.from(n));
  for (const file of files) {
    const bytes = file.bytes;
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let found = 0;
    for (let n = 0; n < searched.length; n++) if (buffer.includes(searched[n]!)) found |= 1 << n;
    const headLength = Math.min(HEAD, bytes.byteLength);
    let head = 0;
    for (let i = 0; i < headLength; i++) head |= bytes[i]! << (8 * i);
    let duplicates: readonly string[] | null = null;
    if (scanKeys.file(file)) {
      const text = scanKeys.text(bytes);
      const keys = text === null ? NONE : duplicateKeys(text);
      duplicates = keys.length === 0 ? NONE : keys;
    }
    sniffs.set(file, { needles: kept, found, head, headLength, duplicates });
  }
}

export function forgetSniffs(files: Iterable<InputFile>): void {
  for (const file of files) sniffs.delete(file);
}

/** Whether the file's bytes hold `needle`. */
export function fileIncludes(file: InputFile, needle: string): boolean {
  const sniff = sniffs.get(file);
  const n = sniff ? sniff.needles.indexOf(needle) : -1;
  if (n >= 0) return (sniff!.found & (1 << n)) !== 0;
  const bytes = file.bytes;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

/** The file's first bytes, at most four: what detectors read of a file by its signature. */
export function fileHead(file: InputFile): Uint8Array {
  const sniff = sniffs.get(file);
  if (!sniff) return file.bytes.subarray(0, HEAD);
  const head = new Uint8Array(sniff.headLength);
  for (let i = 0; i < head.length; i++) head[i] = (sniff.head >>> (8 * i)) & 0xff;
  return head;
}

/** The keys the file's JSON gives twice, as the sniff found them; null when it did not scan the file. */
export function sniffedDuplicateKeys(file: InputFile): readonly string[] | null {
  return sniffs.get(file)?.duplicates ?? null;
}
