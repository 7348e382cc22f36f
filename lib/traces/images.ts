import type { ImageRef } from "./types";

/**
 * Image types shown inline: raster formats a browser decodes without running anything. SVG (which can carry
 * script) and everything else are never rendered from a result file, only offered as a download.
 */
export const INLINE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type InlineImageType = (typeof INLINE_IMAGE_TYPES)[number];

/** Longest `data:` URL shown inline (its characters, about 0.75 bytes each): a trace is not an image store. */
export const DATA_IMAGE_CAP = 2 * 1024 * 1024;

const EXTENSIONS: Record<string, InlineImageType> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The inline type the bytes are by their signature, whatever the file is named; null for anything else. */
export function sniffInlineImage(bytes: Uint8Array): InlineImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

const isInline = (type: string | null): type is InlineImageType =>
  type !== null && (INLINE_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());

const DATA_URL_HEAD = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,/i;
const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

/** How a trace image is shown. */
export type ImageDisplay =
  /** A raster file among the rollout's files: fetched from the rollout's image route by `path`. */
  | { kind: "stored"; path: string }
  /** A raster image carried in the trace as base64: shown from its own `data:` URL. */
  | { kind: "data"; url: string }
  /** The trace names a file the rollout does not hold. */
  | { kind: "missing"; path: string }
  /** Named only, with why it is not shown (a URL, a type not shown inline, too large). */
  | { kind: "named"; written: string; why: string };

export function imageDisplay(image: ImageRef): ImageDisplay {
  const { path, written } = image;
  if (image.available === false) return { kind: "missing", path: path ?? written };
  if (written.startsWith("data:")) {
    const head = DATA_URL_HEAD.exec(written.slice(0, 200));
    const type = head?.[1] ?? null;
    const short = `${written.slice(0, 40)}…`;
    if (!isInline(type))
      return { kind: "named", written: short, why: `${type ?? "this data URL"} is not shown inline` };
    if (written.length > DATA_IMAGE_CAP) return { kind: "named", written: short, why: "too large to show inline" };
    if (!BASE64.test(written.slice(head![0].length)))
      return { kind: "named", written: short, why: "its base64 data is malformed" };
    return { kind: "data", url: written };
  }
  if (path !== null && image.available === true) {
    const byName = EXTENSIONS[path.slice(path.lastIndexOf(".") + 1).toLowerCase()] ?? null;
    const type = image.mediaType ?? byName;
    if (isInline(type) && byName !== null) return { kind: "stored", path };
    return { kind: "named", written: path, why: `${type ?? "this file type"} is not shown inline` };
  }
  return {
    kind: "named",
    written,
    why: path === null ? "an image outside the rollout is not fetched" : "not stored with the rollout",
  };
}
