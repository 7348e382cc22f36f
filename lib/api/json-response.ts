/*
 * A large JSON answer (a whole report: 70 MB at 100,000 rollouts) sent as it is written, so the server never
 * holds its text or its bytes whole: JSON.stringify and the encoding of its result held 140 MB at once.
 */

/** Characters gathered before a piece of the text is handed on. */
const PIECE_CHARS = 1 << 16;

/** Containers down to this depth are written member by member; deeper ones whole (a report's row is one). */
const SPLIT_DEPTH = 2;

/** Arrays and plain objects, which JSON.stringify writes member by member (unless they have a toJSON). */
function splittable(value: unknown): value is readonly unknown[] | Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

function* members(value: unknown, depth: number): Generator<string> {
  const split = depth < SPLIT_DEPTH && splittable(value);
  if (split && Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      yield* members(value[i], depth + 1);
    }
    yield "]";
  } else if (split) {
    const object = value as Record<string, unknown>;
    let first = true;
    yield "{";
    for (const key of Object.keys(object)) {
      const member = object[key];
      const whole = depth + 1 < SPLIT_DEPTH && splittable(member) ? null : JSON.stringify(member);
      // What JSON.stringify leaves out of an object (undefined, a function, a symbol) is left out here too.
      if (whole === undefined) continue;
      yield `${first ? "" : ","}${JSON.stringify(key)}:`;
      first = false;
      if (whole === null) yield* members(member, depth + 1);
      else yield whole;
    }
    yield "}";
  } else {
    // In an array, what JSON.stringify cannot write is null.
    yield JSON.stringify(value) ?? "null";
  }
}

/**
 * The JSON text of `value` in pieces of about PIECE_CHARS characters (one member past it at most), equal when
 * joined to JSON.stringify(value). Arrays and plain objects down to SPLIT_DEPTH are written member by member;
 * anything else, and what is deeper, by JSON.stringify.
 */
export function* jsonPieces(value: object, pieceChars = PIECE_CHARS): Generator<string> {
  let piece = "";
  for (const member of members(value, 0)) {
    piece += member;
    if (piece.length >= pieceChars) {
      yield piece;
      piece = "";
    }
  }
  if (piece.length > 0) yield piece;
}

/**
 * `value` as a JSON response whose text is written as the client reads it: one piece at a time, none ahead of
 * what the client takes (highWaterMark 0).
 */
export function jsonResponse(value: object, init: ResponseInit = {}): Response {
  const pieces = jsonPieces(value);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  return new Response(body, { ...init, headers });
}
