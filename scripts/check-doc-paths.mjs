// `node scripts/check-doc-paths.mjs [root]`: fails when README.md or a page under docs/ names a repository path
// that does not exist, so a doc cannot go stale silently when a file moves.
// A path is named in an inline code span or as a link target, starting with one of the repository's top-level
// folders or files (`lib/store/store.ts`, `docs/scoring.md#comparing-two-runs`, `[x](app/page.tsx)`). A link
// target is read relative to the page that holds it. What follows a path is not part of it: an anchor, a
// `:line`, a call such as `(store, id)`. A placeholder (`lib/formats/<format>.ts`, `*.test.ts`, `{a,b}`, `…`)
// is checked up to the folder before it. An anchor into a markdown page must be one of its headings.
// Exit status 1 with one line per missing path: the page, the line and the path.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PLACEHOLDER = /[<>*{}…$[\]]/;
const SKIPPED = new Set(["node_modules", ".git", ".next", "data", "test-results", "playwright-report"]);
/** The design's top-level folders: a path under one is checked even when the folder itself is gone. */
const TOP_LEVEL = ["app", "components", "lib", "prisma", "e2e", "public", "scripts", "docs", ".ci"];

/** The markdown pages checked: README.md and every page under docs/. */
function pages(root) {
  const found = fs.existsSync(path.join(root, "README.md")) ? ["README.md"] : [];
  const visit = (dir) => {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) return;
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(relative);
      else if (entry.name.endsWith(".md")) found.push(relative);
    }
  };
  visit("docs");
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(file) {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

/** The candidates a line names: inline code spans and link targets, each with how to resolve it. */
function candidates(line) {
  const found = [];
  for (const m of line.matchAll(/`([^`]+)`/g)) found.push({ text: m[1], relative: false });
  const prose = line.replace(/`[^`]*`/g, "");
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) found.push({ text: m[1], relative: true });
  return found;
}

/** The path part of a candidate, or null when it names no repository path. */
function pathOf(text, roots) {
  let candidate = text.trim().split(/\s/)[0] ?? "";
  if (/^[a-z]+:/i.test(candidate) || candidate.startsWith("//")) return null; // a URL or a scheme
  candidate = candidate.replace(/^\.\//, "");
  const first = candidate.split(/[/#]/)[0];
  if (!roots.has(first)) return null;
  const [withoutAnchor, anchor] = candidate.split("#", 2);
  // A call or an argument list after the path, then a line number and trailing punctuation.
  const clean = withoutAnchor
    .replace(/\(.*$/, "")
    .replace(/:\d+(-\d+)?$/, "")
    .replace(/[.,;:]+$/, "");
  return { path: clean, anchor: anchor ?? null };
}

/**
 * Every missing path the pages of `root` name: `{page, line, path}`.
 * @param {string} root
 */
export function missingDocPaths(root) {
  const roots = new Set([...TOP_LEVEL, ...fs.readdirSync(root).filter((name) => !SKIPPED.has(name))]);
  const missing = [];
  for (const page of pages(root)) {
    const lines = fs.readFileSync(path.join(root, page), "utf8").split("\n");
    let fenced = false;
    lines.forEach((line, index) => {
      if (/^\s*```/.test(line)) {
        // Code blocks name paths too (a tree, a command): checked like inline code.
        fenced = !fenced;
        return;
      }
      const texts = fenced ? [{ text: line.trim(), relative: false }, ...candidates(line)] : candidates(line);
      for (const { text, relative } of texts) {
        let named = pathOf(text, roots);
        if (named === null && relative && !/^[a-z]+:/i.test(text) && !text.startsWith("#")) {
          // A link relative to its page (`scoring.md#…` from docs/) names a repository path too.
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(page), text.split("#")[0]));
          const anchor = text.includes("#") ? text.split("#")[1] : null;
          named = resolved.startsWith("..") ? null : { path: resolved, anchor };
        }
        if (named === null || named.path === "") continue;
        const placeholder = named.path.search(PLACEHOLDER);
        const checked = placeholder === -1 ? named.path : named.path.slice(0, named.path.lastIndexOf("/", placeholder));
        if (checked === "") continue;
        const full = path.join(root, checked);
        if (!fs.existsSync(full)) {
          missing.push({ page, line: index + 1, path: named.path });
          continue;
        }
        if (placeholder === -1 && named.anchor && full.endsWith(".md") && !anchors(full).has(named.anchor))
          missing.push({ page, line: index + 1, path: `${named.path}#${named.anchor}` });
      }
    });
    // A link to a heading of the same page.
    const own = anchors(path.join(root, page));
    lines.forEach((line, index) => {
      for (const m of line.replace(/`[^`]*`/g, "").matchAll(/\]\(#([^)\s]+)\)/g))
        if (!own.has(m[1])) missing.push({ page, line: index + 1, path: `#${m[1]}` });
    });
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
  const missing = missingDocPaths(root);
  for (const m of missing) console.error(`${m.page}:${m.line}: names ${m.path}, which does not exist`);
  if (missing.length === 0) console.log(`every path the docs name exists (${pages(root).length} pages)`);
  process.exitCode = missing.length === 0 ? 0 : 1;
}
