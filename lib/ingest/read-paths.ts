import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { InputFile } from "@/lib/formats/types";
import { DiskFile, ReadBudget } from "./disk-file";

/** Bytes of a lazily read batch kept in memory after their first read (the rest is read on each use). */
const LAZY_READ_BUDGET = 48 * 1024 * 1024;

/** Folders never walked: version control, dependencies, and dot-folders other than Silo's `.silo`. */
export function isSkippedFolder(name: string): boolean {
  return name === "node_modules" || (name.startsWith(".") && name !== ".silo");
}

interface Found {
  /** Path relative to its root, POSIX separators. */
  rel: string;
  abs: string;
}

/** Synchronous, like the reads below: for a folder of thousands of small files the promise API costs more than the work. */
function walk(dir: string, rel: string, visited: Set<string>, out: Found[]): void {
  const real = realpathSync(dir);
  if (visited.has(real)) return; // a symlink loop, or a folder reached twice
  visited.add(real);
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      let target: ReturnType<typeof statSync> | null = null;
      try {
        target = statSync(abs);
      } catch {
        // a dangling or looping link is not a file
      }
      isDir = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDir && !isSkippedFolder(entry.name)) walk(abs, childRel, visited, out);
    else if (isFile) out.push({ rel: childRel, abs });
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
 */
export async function readPaths(
  paths: string[],
  { lazy = false }: { lazy?: boolean } = {},
): Promise<{ files: InputFile[]; rootName: string }> {
  if (paths.length === 0) throw new Error("no paths given");
  const roots = paths.map((p) => path.resolve(p));
  const names = uniqueNames(roots.map((r) => path.basename(r) || r));
  const found: Found[] = [];
  const visited = new Set<string>();
  for (const [i, root] of roots.entries()) {
    const info = await stat(root).catch((e: NodeJS.ErrnoException) => {
      throw new Error(
        e.code === "ENOENT" ? `no such file or folder: ${paths[i]}` : `cannot read ${paths[i]}: ${e.message}`,
      );
    });
    const prefix = roots.length > 1 ? names[i]! : "";
    if (info.isDirectory()) {
      const mine: Found[] = [];
      walk(root, "", visited, mine);
      for (const f of mine) found.push({ rel: prefix ? `${prefix}/${f.rel}` : f.rel, abs: f.abs });
    } else {
      found.push({ rel: names[i]!, abs: root });
    }
  }

  const unique = new Map<string, Found>();
  for (const f of found) {
    const rel = toPosix(f.rel);
    if (!unique.has(rel)) unique.set(rel, { rel, abs: f.abs });
  }
  const sorted = [...unique.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  if (lazy) {
    const budget = new ReadBudget(LAZY_READ_BUDGET);
    return { files: sorted.map((f) => new DiskFile(f.rel, f.abs, budget)), rootName: names.join(" + ") };
  }
  // Synchronous reads, one file at a time: for thousands of small files the promise API's per-file handles
  // and callbacks cost more time and memory than the reads (the callers are the CLI and start-up seeding).
  const files = sorted.map((f): InputFile => {
    const buf = readFileSync(f.abs);
    return { path: f.rel, bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
  });
  return { files, rootName: names.join(" + ") };
}
