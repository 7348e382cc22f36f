import { createHash } from "node:crypto";

/** sha256 of raw bytes, lowercase hex: the content address of an ingested file. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
