import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isSkippedFolder } from "./read-paths";

/**
 * A cheap fingerprint of what readPaths would read from these paths (every file's path, size and modification
 * time; no byte is read): equal fingerprints mean nothing to ingest anew. A missing path reads as empty.
 */
export function folderSignature(paths: readonly string[]): string {
  const parts: string[] = [];
  const visit = (abs: string, depth: number, root: boolean) => {
    let info;
    try {
      info = statSync(abs);
    } catch {
      return; // removed meanwhile, or a dangling link
    }
    if (info.isFile()) parts.push(`${abs}\u0000${info.size}\u0000${info.mtimeMs}`);
    else if (info.isDirectory() && depth < 64 && (root || !isSkippedFolder(path.basename(abs)))) {
      let names: string[];
      try {
        names = readdirSync(abs);
      } catch {
        return;
      }
      for (const name of names.sort()) visit(path.join(abs, name), depth + 1, false);
    }
  };
  for (const p of paths) visit(path.resolve(p), 0, true);
  return parts.join("\n");
}
