import { lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { describeBytes } from "@/lib/archive/unzip";
import { env } from "@/lib/env";
import type { FileRejection, InputFile } from "@/lib/formats/types";
import { DiskFile, ReadBudget, readRegularFile } from "./disk-file";

/** Bytes of a lazily read batch kept in memory after their first read (the rest is read on each use). */
const LAZY_READ_BUDGET = 16 * 1024 * 1024;

/** Folders never walked: version control, dependencies, and dot-folders other than Silo's `.silo`. */
export function isSkippedFolder(name: string): boolean {
  return name === "node_modules" || (name.startsWith(".") && name !== ".silo");
}

interface Found {
  /** Path relative to its root, POSIX separators. */
  rel: string;
  abs: string;
  /** The file's real path: each is read once, under the path the walk meets it by without following a link. */
  real: string;
  viaLink: boolean;
}

/** What readPaths did not read, with why: a line of the CLI's output each. */
export interface PathNote {
  path: string;
  reason: string;
}

/** Why a file of this type is not read, or null for a regular file (or a folder). */
function specialKind(info: Stats): string | null {
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  return null;
}

const notRegular = (kind: string) => `${kind}, not a regular file: not read`;

export const tooBig = (size: number, max: number) =>
  `${describeBytes(size)}, larger than the limit of ${describeBytes(max)} for one file (TALLY_MAX_FILE_BYTES): not read`;

interface Walk {
  /** The real path of the folder given: links whose target lies outside it are not followed. */
  root: string;
  visited: Set<string>;
  found: Found[];
  rejected: PathNote[];
  skipped: PathNote[];
  maxFileBytes: number;
  /** Links met in the folders walked, resolved once every real folder has been walked. */
  links: { rel: string; abs: string }[];
}

/**
 * Collects the files under `dir` (real folders only; links are queued for `followLinks`). Special files are
 * refused by type from the directory entry, before anything opens them; files over the limit by size.
 * Synchronous, like the reads below: for a folder of thousands of small files the promise API costs more.
 */
function walk(w: Walk, dir: string, rel: string, viaLink: boolean): void {
  const real = realpathSync(dir);
  if (w.visited.has(real)) return; // a folder reached twice
  w.visited.add(real);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isSymbolicLink()) w.links.push({ rel: childRel, abs });
    else if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) walk(w, abs, childRel, viaLink);
    } else if (entry.isFile()) {
      const info = statSync(abs, { throwIfNoEntry: false });
      if (!info) continue; // removed meanwhile
      if (info.size > w.maxFileBytes) w.rejected.push({ path: childRel, reason: tooBig(info.size, w.maxFileBytes) });
      else w.found.push({ rel: childRel, abs, real: path.join(real, entry.name), viaLink });
    } else {
      const info = lstatSync(abs, { throwIfNoEntry: false });
      const kind = info ? specialKind(info) : null;
      if (kind) w.rejected.push({ path: childRel, reason: notRegular(kind) });
    }
  }
}

/**
 * Follows the links met while walking, once every real folder is walked: a link whose target is outside the
 * given folder (or missing) is skipped with why; one to a file inside adds it only when the walk did not meet
 * that file already (read once); one to a folder inside is walked like a folder, once.
 */
function followLinks(w: Walk): void {
  for (let i = 0; i < w.links.length; i++) {
    const { rel, abs } = w.links[i]!;
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      w.skipped.push({ path: rel, reason: "a link to nothing (dangling or looping): not followed" });
      continue;
    }
    if (real !== w.root && !real.startsWith(w.root + path.sep)) {
      w.skipped.push({ path: rel, reason: `a link to ${real}, outside the folder given: not followed` });
      continue;
    }
    const info = statSync(real, { throwIfNoEntry: false });
    if (!info) continue;
    const kind = specialKind(info);
    if (kind) w.rejected.push({ path: rel, reason: notRegular(kind) });
    else if (info.isDirectory()) walk(w, real, rel, true);
    else if (info.size > w.maxFileBytes) w.rejected.push({ path: rel, reason: tooBig(info.size, w.maxFileBytes) });
    else w.found.push({ rel, abs: real, real, viaLink: true });
  }
}

/** Root names made unique when several roots share a base name (`a/x`, `b/x` -> `x`, `x~2`). */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}~${n}`;
  });
}

const toPosix = (p: string) => p.split(path.sep).join("/");

/**
 * Read files and folders (recursively) into a batch. Paths are relative to the given folder; a single file
 * is its own name; with several roots each root's files are prefixed with the root's base name. POSIX
 * separators, sorted by path. rootName names the ingested folder (several roots: their names joined by " + ").
 * Throws when a path does not exist or cannot be read. `lazy`: the files are DiskFiles, read when used (for an
 * ingest that stores and lets go of them as it goes).
 *
 * Ingest stays inside what it is given: links inside a folder are not followed out of it (`skipped`, with
 * why), each real file is read once, and special files (FIFOs, devices, sockets) and files larger than
 * TALLY_MAX_FILE_BYTES are refused (`rejected`) before anything opens them, whether given or found.
 */
export async function readPaths(
  paths: string[],
  { lazy = false }: { lazy?: boolean } = {},
): Promise<{ files: InputFile[]; rootName: string; rejected: FileRejection[]; skipped: PathNote[] }> {
  if (paths.length === 0) throw new Error("no paths given");
  const maxFileBytes = env().TALLY_MAX_FILE_BYTES;
  const roots = paths.map((p) => path.resolve(p));
  const names = uniqueNames(roots.map((r) => path.basename(r) || r));
  const found: Found[] = [];
  const rejected: PathNote[] = [];
  const skipped: PathNote[] = [];
  const visited = new Set<string>();
  for (const [i, root] of roots.entries()) {
    // A path given is followed wherever it points: the user named it.
    const info = await stat(root).catch((e: NodeJS.ErrnoException) => {
      throw new Error(
        e.code === "ENOENT" ? `no such file or folder: ${paths[i]}` : `cannot read ${paths[i]}: ${e.message}`,
      );
    });
    const prefix = roots.length > 1 ? names[i]! : "";
    const kind = specialKind(info);
    if (info.isDirectory()) {
      const w: Walk = { root: realpathSync(root), visited, found: [], rejected, skipped, maxFileBytes, links: [] };
      const before = rejected.length;
      const skippedBefore = skipped.length;
      walk(w, root, "", false);
      followLinks(w);
      const under = (rel: string) => (prefix ? `${prefix}/${rel}` : rel);
      for (const f of w.found) found.push({ ...f, rel: under(f.rel) });
      for (const note of [...rejected.slice(before), ...skipped.slice(skippedBefore)]) note.path = under(note.path);
    } else if (kind) rejected.push({ path: names[i]!, reason: notRegular(kind) });
    else if (info.size > maxFileBytes) rejected.push({ path: names[i]!, reason: tooBig(info.size, maxFileBytes) });
    else found.push({ rel: names[i]!, abs: root, real: realpathSync(root), viaLink: false });
  }

  // One path per real file: the one met without a link when there is one, else the first in path order.
  const byReal = new Map<string, Found>();
  const order = (a: Found, b: Found) =>
    Number(a.viaLink) - Number(b.viaLink) || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
  for (const f of found.map((f) => ({ ...f, rel: toPosix(f.rel) })).sort(order))
    if (!byReal.has(f.real)) byReal.set(f.real, f);
  const unique = new Map<string, Found>();
  for (const f of byReal.values()) if (!unique.has(f.rel)) unique.set(f.rel, f);
  const sorted = [...unique.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const notes = {
    rootName: names.join(" + "),
    rejected: rejected.map(({ path: p, reason }) => ({ path: toPosix(p), error: reason })),
    skipped: skipped.map((n) => ({ ...n, path: toPosix(n.path) })),
  };
  if (lazy) {
    const budget = new ReadBudget(LAZY_READ_BUDGET);
    return { files: sorted.map((f) => new DiskFile(f.rel, f.abs, budget, maxFileBytes)), ...notes };
  }
  // Synchronous reads, one file at a time: for thousands of small files the promise API's per-file handles
  // and callbacks cost more time and memory than the reads (the callers are the CLI and start-up seeding).
  const files = sorted.map((f): InputFile => ({
    path: f.rel,
    bytes: readRegularFile(f.abs, f.rel, maxFileBytes).bytes,
  }));
  return { files, ...notes };
}
