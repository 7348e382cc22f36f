import zlib from "node:zlib";
import { Decompress } from "fzstd";

/*
 * Zstandard members of zips (Inspect's .eval logs). Node's zlib decodes Zstandard natively from Node 22.15 and
 * 23.8, tens of times faster than fzstd (pure JS); on older Node (the engines field allows 20.19) fzstd decodes.
 * Both refuse a member as soon as it produces more than it declares.
 */

type NativeDecompress = (data: Uint8Array, options: { maxOutputLength: number }) => Buffer;

const native = (zlib as unknown as { zstdDecompressSync?: NativeDecompress }).zstdDecompressSync;

/** Which decoder this Node has: "zlib" (native) or "fzstd" (JS). */
export const ZSTD_DECODER: "zlib" | "fzstd" = native ? "zlib" : "fzstd";

/**
 * Decompresses a Zstandard stream that declares `expectedSize` bytes, refusing it as soon as it produces more,
 * or when it ends short of it.
 */
export function unzstdBounded(compressed: Uint8Array, expectedSize: number): Uint8Array {
  return native ? unzstdNative(native, compressed, expectedSize) : unzstdJs(compressed, expectedSize);
}

function unzstdNative(decompress: NativeDecompress, compressed: Uint8Array, expectedSize: number): Uint8Array {
  let out: Buffer;
  try {
    // zlib stops at maxOutputLength (which must be at least 1) with ERR_BUFFER_TOO_LARGE.
    out = decompress(compressed, { maxOutputLength: Math.max(1, expectedSize) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw pastDeclared(expectedSize);
    throw error;
  }
  if (out.length > expectedSize) throw pastDeclared(expectedSize);
  if (out.length !== expectedSize) throw shortOfDeclared(out.length, expectedSize);
  return out;
}

/** fzstd trusts a caller's output buffer, so the size is counted here instead of handing it one. */
export function unzstdJs(compressed: Uint8Array, expectedSize: number): Uint8Array {
  const out = new Uint8Array(expectedSize);
  let written = 0;
  const stream = new Decompress((chunk) => {
    if (written + chunk.length > expectedSize) throw pastDeclared(expectedSize);
    out.set(chunk, written);
    written += chunk.length;
  });
  stream.push(compressed, true);
  if (written !== expectedSize) throw shortOfDeclared(written, expectedSize);
  return out;
}

const pastDeclared = (expectedSize: number) => new Error(`expands past its declared ${expectedSize} bytes`);
const shortOfDeclared = (written: number, expectedSize: number) =>
  new Error(`expands to ${written} bytes, not its declared ${expectedSize}`);
