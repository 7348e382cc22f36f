import { promisify } from "node:util";
import zlib from "node:zlib";
import {
  BUNDLE_GLOBAL,
  CHUNK_GLOBAL,
  CHUNK_GZIP_GLOBAL,
  PAGE_DATA_ID,
  ROOT_ID,
  RUN_GLOBAL,
  type BundleData,
  type PageData,
} from "@/lib/views/bundle-data";

const gzip = promisify(zlib.gzip);

/*
 * The files of a static share bundle other than the viewer itself: index.html, data.js, run.js and the chunks.
 * The page loads them with classic scripts by relative paths, so the bundle opens from file:// as from any
 * static host. The page's policy forbids connections, so nothing it runs can reach a network.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The bundle's one page; `scripts` (relative paths) load in order before the viewer. */
export function pageHtml(page: PageData, title: string, scripts: readonly string[]): string {
  const tags = [...scripts, "viewer.js"].map((src) => `<script src="${escapeHtml(src)}"></script>`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="connect-src 'none'; form-action 'none'">
<title>${escapeHtml(title)} · Tally</title>
<link rel="stylesheet" href="viewer.css">
</head>
<body>
<header class="topbar"><span class="brand"><span class="brand-mark" aria-hidden="true">▮▮▯</span>Tally</span><nav class="topnav" aria-label="Main"><span class="muted">A shared copy: it opens without Tally</span></nav></header>
<main class="page" id="${ROOT_ID}"><noscript>This page needs JavaScript: it computes its figures in the browser.</noscript></main>
<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page)}</script>
${tags}
</body>
</html>
`;
}

export function dataJs(data: BundleData): string {
  return `window.${BUNDLE_GLOBAL} = ${scriptJson(data)};\n`;
}

/** run.js: the run's columns as base64, read once by the viewer. */
export function runJs(bytes: Uint8Array): string {
  return `window.${RUN_GLOBAL} = "${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}";\n`;
}

/** A chunk file's opening and closing around its JSON, which may be written in parts. */
export function chunkParts(name: string): { open: string; close: string } {
  return { open: `window.${CHUNK_GLOBAL}(${scriptJson(name)}, `, close: ");\n" };
}

/**
 * A chunk file whose JSON is gzipped (a details chunk: a tenth to a quarter of its size), compressed on libuv's
 * threads so that the next chunk is made meanwhile. The viewer inflates it with DecompressionStream.
 */
export async function gzipChunkJs(name: string, json: string): Promise<string> {
  const packed = await gzip(json, { level: 6 });
  return `window.${CHUNK_GZIP_GLOBAL}(${scriptJson(name)}, "${packed.toString("base64")}");\n`;
}
