import { Decompress } from "fzstd";

/**
 * Decompresses a Zstandard stream that declares `expectedSize` bytes, refusing it as soon as it produces more
 * (fzstd trusts a caller's output buffer, so the size is counted here instead of handing it one).
 */
export function unzstdBounded(compressed: Uint8Array, expectedSize: number): Uint8Array {
  const out = new Uint8Array(expectedSize);
  let written = 0;
  const stream = new Decompress((chunk) => {
    if (written + chunk.length > expectedSize) throw new Error(`expands past its declared ${expectedSize} bytes`);
    out.set(chunk, written);
    written += chunk.length;
  });
  stream.push(compressed, true);
  if (written !== expectedSize) throw new Error(`expands to ${written} bytes, not its declared ${expectedSize}`);
  return out;
}
