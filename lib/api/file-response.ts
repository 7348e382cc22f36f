import type { InlineImageType } from "@/lib/traces";
import { STORED_FILE_POLICY } from "./security-headers";

/** Stored bytes as a download of type octet-stream with nosniff, so a file holding markup is never rendered. */
export function downloadResponse(bytes: Uint8Array, name: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${name}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": STORED_FILE_POLICY,
      "content-length": String(bytes.byteLength),
    },
  });
}

/** Stored bytes whose signature is a raster image, served as that type to show inline, with nosniff. */
export function inlineImageResponse(bytes: Uint8Array, type: InlineImageType, name: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      "content-type": type,
      "content-disposition": `inline; filename="${name}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": STORED_FILE_POLICY,
      "content-length": String(bytes.byteLength),
    },
  });
}
