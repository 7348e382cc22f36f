import { isJsonObject, parseJsonText } from "../json";
import type { InputFile, JsonObject } from "../types";

/**
 * Content detection reads a bounded head of a file, never the whole of it: a trial folder may hold a 1 GB log,
 * and asking "is this a Codex event stream?" must cost the same for it as for a 1 KB one.
 */
export const SNIFF_BYTES = 64 * 1024;
/** Lines of a JSON-lines head looked at. */
export const SNIFF_LINES = 20;

const lenient = new TextDecoder("utf-8", { fatal: false });

/** The start of a file as text: at most SNIFF_BYTES, a byte-order mark dropped. */
export function headText(file: InputFile): string {
  return lenient.decode(file.bytes.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, "");
}

/**
 * The objects on the first complete lines of a JSON-lines file (at most SNIFF_LINES). A line cut by the head's
 * end is not parsed; a line that is not a JSON object ends the sniff (this is not JSON lines of objects).
 */
export function headObjects(file: InputFile): JsonObject[] {
  const text = headText(file);
  const lines = text.split("\n");
  if (file.bytes.length > SNIFF_BYTES) lines.pop();
  const out: JsonObject[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "") continue;
    if (!line.startsWith("{")) return out;
    const parsed = parseJsonText(line);
    if (!parsed.ok || !isJsonObject(parsed.value)) return out;
    out.push(parsed.value);
    if (out.length >= SNIFF_LINES) break;
  }
  return out;
}
