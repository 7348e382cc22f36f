import type { InlineImageType } from "@/lib/traces";
import { STORED_FILE_POLICY } from "./security-headers";

/** Stored bytes as a download of type octet-stream with nosniff, so a file holding markup is never rendered. */
export function downloadResponse(bytes: Uint8Array, name: string): Response {
  return new Response(Buffer.from(bytes), { headers: downloadHeaders(bytes.byteLength, name) });
}

/** Bytes a download hands on at once: a piece read from the store is sent in slices of this size. */
const SLICE_BYTES = 1024 * 1024;

/**
 * A stored file of `size` bytes as a download read piece by piece (`read(n)` for n from 0 to `pieces` - 1), so
 * the server holds one piece at a time, however big the file. Nothing is read ahead of what the client takes
 * (highWaterMark 0), and a piece goes out in slices of SLICE_BYTES, so no more than one slice waits on a slow
 * connection.
 */
export function piecesDownloadResponse(
  file: { size: number; pieces: number },
  read: (n: number) => Promise<Uint8Array | null>,
  name: string,
): Response {
  let next = 0;
  let piece: Uint8Array | null = null;
  let at = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (piece === null || at >= piece.byteLength) {
          if (next === file.pieces) return controller.close();
          piece = await read(next++);
          at = 0;
          if (piece === null) return controller.error(new Error(`piece ${next - 1} of the file is not stored`));
        }
        controller.enqueue(piece.subarray(at, at + SLICE_BYTES));
        at += SLICE_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: downloadHeaders(file.size, name) });
}

function downloadHeaders(size: number, name: string): Record<string, string> {
  return {
    "content-type": "application/octet-stream",
    "content-disposition": `attachment; filename="${name}"`,
    "x-content-type-options": "nosniff",
    "content-security-policy": STORED_FILE_POLICY,
    "content-length": String(size),
  };
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
