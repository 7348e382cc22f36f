/**
 * POSIX path helpers for the relative paths of a batch (InputFile.path). Pure, so they run in the browser too.
 * The root folder is "".
 */

export function baseName(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? path : path.slice(slash + 1);
}

export function dirName(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Path of `name` inside folder `dir` ("" is the root). */
export function joinPath(dir: string, name: string): string {
  return dir === "" ? name : `${dir}/${name}`;
}

/** True when `path` lies inside folder `dir` (at any depth); every path lies inside the root "". */
export function isInside(dir: string, path: string): boolean {
  return dir === "" || path.startsWith(`${dir}/`);
}

/** Number of folders above a path: "a.json" 0, "x/a.json" 1. */
export function depth(path: string): number {
  return path === "" ? 0 : path.split("/").length - 1;
}

/** The deepest folder holding every path ("" when they share none). */
export function commonFolder(paths: readonly string[]): string {
  const first = paths[0];
  if (first === undefined) return "";
  let parts = dirName(first).split("/").filter(Boolean);
  for (const path of paths.slice(1)) {
    const other = dirName(path).split("/");
    let k = 0;
    while (k < parts.length && parts[k] === other[k]) k++;
    parts = parts.slice(0, k);
  }
  return parts.join("/");
}
