import { ApiError } from "./errors";

/**
 * A request's JSON body, read up to `maxBytes`: 413 past it (from Content-Length, or counted as it streams, so
 * a larger body is never held whole), 400 with `hint` when it is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number, hint: string): Promise<unknown> {
  const tooLarge = () =>
    new ApiError("too_large", `The body is larger than the ${maxBytes} bytes this endpoint reads.`, {
      limit: maxBytes,
    });
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let read = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(new TextDecoder().decode(Buffer.concat(chunks))) as unknown;
  } catch {
    throw new ApiError("malformed", hint);
  }
}
