/** The files chosen for an upload, each with the relative path the server will see (its multipart file name). */
export interface PickedFile {
  path: string;
  file: File;
}

/** Folders never worth sending: `tally ingest` skips them too, and they can be huge. */
const SKIPPED_FOLDERS = new Set([".git", "node_modules", "__MACOSX"]);

export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name);
}

/** A relative path as the server expects it: forward slashes, no leading slash. */
export function cleanPath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^\/+/, "");
}

/** Files from an <input type=file>: a folder picker gives webkitRelativePath ("job/trial/result.json"). */
export function fromFileList(files: Iterable<File>): PickedFile[] {
  const picked: PickedFile[] = [];
  for (const file of files) {
    const path = cleanPath(file.webkitRelativePath || file.name);
    if (path.split("/").slice(0, -1).some(isSkippedFolder)) continue;
    picked.push({ path, file });
  }
  return picked;
}

/** Adds files to a selection; a file with a path already chosen replaces the earlier one. */
export function mergePicked(current: readonly PickedFile[], added: readonly PickedFile[]): PickedFile[] {
  const byPath = new Map(current.map((p) => [p.path, p]));
  for (const p of added) byPath.set(p.path, p);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function totalBytes(files: readonly PickedFile[]): number {
  return files.reduce((n, p) => n + p.file.size, 0);
}
