import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";

/** One file of a static share bundle, by its path inside the bundle ("/"-separated). */
export interface BundleFile {
  path: string;
  data: string | Uint8Array;
}

const bytesOf = (data: string | Uint8Array) => (typeof data === "string" ? strToU8(data) : data);

export function bundleBytes(files: readonly BundleFile[]): number {
  return files.reduce((sum, f) => sum + bytesOf(f.data).byteLength, 0);
}

/** Writes the bundle under `dir` (created when missing; files already there are overwritten). */
export function writeBundle(dir: string, files: readonly BundleFile[]): void {
  for (const file of files) {
    const target = path.join(dir, ...file.path.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytesOf(file.data));
  }
}

/** The bundle as one zip, every file under `folder/` so that unpacking makes one folder. */
export function zipBundle(files: readonly BundleFile[], folder: string): Uint8Array {
  const tree: Zippable = {};
  for (const file of files) tree[`${folder}/${file.path}`] = [bytesOf(file.data), { level: 6 }];
  return zipSync(tree);
}

/** A folder (and zip) name for a run: its name reduced to characters every file system and header accepts. */
export function bundleFolderName(runName: string): string {
  const slug = runName
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 80);
  return `tally-${slug || "run"}`;
}
