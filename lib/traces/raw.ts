import type { RawTrace, TraceRead } from "./types";

/** How much of an unreadable trace is kept for display: enough to see what went wrong, bounded for huge files. */
export const RAW_TEXT_LIMIT = 256 * 1024;

const lenient = new TextDecoder("utf-8", { fatal: false });

/** An unreadable trace file: its first RAW_TEXT_LIMIT characters as text, and why it could not be read. */
export function rawTrace(path: string, bytes: Uint8Array, why: string): TraceRead {
  // Decoding a prefix bounds the work on a huge file; 4 bytes per character is UTF-8's worst case.
  const head = bytes.subarray(0, RAW_TEXT_LIMIT * 4);
  const decoded = lenient.decode(head).replace(/^\uFEFF/, "");
  const text = decoded.slice(0, RAW_TEXT_LIMIT);
  const raw: RawTrace = {
    path,
    why,
    text,
    truncated: text.length < decoded.length || head.length < bytes.length,
    bytes: bytes.length,
  };
  return { kind: "raw", raw };
}

export function noTrace(why: string): TraceRead {
  return { kind: "none", why };
}
