import type { JsonObject } from "@/lib/formats/types";

/*
 * Texts from result files can be any size (a 200 MB agent output, a 2 MB check label). A page carries the start
 * of each (its head) and the size of the whole; the rest is fetched when the reader asks ("show all"). The
 * bounds are characters of the head, which both databases cut with substr() without sending the rest.
 */

/** A rollout's long texts on its page: agent output, error, metadata, a trial's verifier output. */
export const TEXT_HEAD = 20_000;
/** A check's detail, reason and metadata on a page of checks. */
export const CHECK_TEXT_HEAD = 2_000;
/** A check's label on a page (shown clipped to 500 characters). */
export const LABEL_HEAD = 501;
/**
 * A check's key on a page. The what-if flip names a check by its whole key, so a check whose key is longer
 * than this cannot be flipped from a page (its rows say so).
 */
export const KEY_HEAD = 1_000;
/** A check's dimension and failure tag on a page (badges). */
export const TAG_HEAD = 200;
/** Evidence refs of one check on a page, each cut to REF_HEAD characters. */
export const EVIDENCE_REFS_HEAD = 50;
export const REF_HEAD = 200;
/** A grid cell's detail and reason on the task page (many cells per row): the cell's detail fetches the rest. */
export const CELL_TEXT_HEAD = 300;
/** The most "show all" fetches into a page; past it, the page offers the whole text as a download. */
export const FULL_TEXT_MAX = 10 * 1024 * 1024;

/** A text as a page carries it: its first characters, and the size of the whole. */
export interface TextHead {
  /** The whole text unless `cut`. */
  head: string;
  /** UTF-8 bytes of the whole text. */
  bytes: number;
  /** The text goes on past `head`. */
  cut: boolean;
}

/** A JSON object as a page carries it: parsed when its text fits the bound, else the start of its text. */
export type JsonHead = { cut: false; value: JsonObject } | { cut: true; head: string; bytes: number };

/**
 * UTF-8 bytes of a text, as TextEncoder writes it (a lone surrogate as U+FFFD, 3 bytes), counted without
 * encoding it: an export measures millions of short texts.
 */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // A pair is 4 bytes for its 2 units; a lone high surrogate 3.
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/** `text` cut after `bound` characters (UTF-16 units, never half a surrogate pair). */
export function textHead(text: string, bound: number): TextHead {
  if (text.length <= bound) return { head: text, bytes: utf8Bytes(text), cut: false };
  const end = /[\uD800-\uDBFF]/.test(text[bound - 1] ?? "") ? bound - 1 : bound;
  return { head: text.slice(0, end), bytes: utf8Bytes(text), cut: true };
}

/** textHead of a nullable text. */
export function textHeadOrNull(text: string | null, bound: number): TextHead | null {
  return text === null ? null : textHead(text, bound);
}

/**
 * A head read from a database: `head` is the text's first characters (substr) and `bytes` the whole text's
 * UTF-8 length (octet_length, which neither database reads the text for). It is cut when the head is shorter.
 */
export function storedHead(head: string, bytes: number): TextHead {
  return { head, bytes, cut: utf8Bytes(head) < bytes };
}

/** A JSON object's head: parsed when its whole text is within `bound` characters. */
export function jsonHead(value: JsonObject, bound: number): JsonHead {
  const text = JSON.stringify(value);
  return text.length <= bound
    ? { cut: false, value }
    : { cut: true, head: text.slice(0, bound), bytes: utf8Bytes(text) };
}

/** A stored JSON text's head (see storedHead): parsed when whole. */
export function storedJsonHead(head: string | null, bytes: number, fallback: JsonObject = {}): JsonHead {
  if (head === null) return { cut: false, value: fallback };
  const text = storedHead(head, bytes);
  return text.cut
    ? { cut: true, head: text.head, bytes }
    : { cut: false, value: (JSON.parse(head) ?? fallback) as JsonObject };
}

/** Whether two heads may be of the same text (the same size, one head the start of the other). */
export function sameText(a: TextHead, b: TextHead): boolean {
  return a.bytes === b.bytes && (a.head.startsWith(b.head) || b.head.startsWith(a.head));
}
