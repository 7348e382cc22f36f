import { BUNDLE_GLOBAL, PAGE_DATA_ID, ROOT_ID, type BundleData, type PageData } from "@/lib/views/bundle-data";

/*
 * The files of a static share bundle other than the viewer itself: each page's HTML and data.js. Pages load
 * the viewer and data.js with classic scripts by relative paths, so the bundle opens from file:// as from any
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

export function pageHtml(page: PageData, title: string): string {
  const root = escapeHtml(page.root);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="connect-src 'none'; form-action 'none'">
<title>${escapeHtml(title)} · Tally</title>
<link rel="stylesheet" href="${root}viewer.css">
</head>
<body>
<header class="topbar"><span class="brand"><span class="brand-mark" aria-hidden="true">▮▮▯</span>Tally</span><nav class="topnav" aria-label="Main"><span class="muted">A shared copy: it opens without Tally</span></nav></header>
<main class="page" id="${ROOT_ID}"><noscript>This page needs JavaScript: it computes its figures in the browser.</noscript></main>
<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page)}</script>
<script src="${root}data.js"></script>
<script src="${root}viewer.js"></script>
</body>
</html>
`;
}

export function dataJs(data: BundleData): string {
  return `window.${BUNDLE_GLOBAL} = ${scriptJson(data)};\n`;
}
