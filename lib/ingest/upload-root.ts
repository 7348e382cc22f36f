import type { InputFile } from "@/lib/formats/types";

/**
 * Names an uploaded batch the way `tally ingest <folder>` would: when every file sits under one top folder
 * (a dropped folder), that folder is the root name and paths become relative to it, so the same folder
 * ingested by the CLI or uploaded maps to the same rollouts. A lone file or zip is named after itself, loose
 * files after the first of them ("TASK-005 and 2 more"), the same for the same batch.
 */
export function rootUpload(files: readonly InputFile[]): { files: InputFile[]; rootName: string } {
  const first = files[0];
  if (!first) return { files: [], rootName: "upload" };
  const tops = new Set(files.map((f) => (f.path.includes("/") ? f.path.split("/")[0] : "")));
  const [top] = [...tops];
  if (tops.size === 1 && top) {
    return { files: files.map((f) => ({ ...f, path: f.path.slice(top.length + 1) })), rootName: top };
  }
  const stems = [...new Set(files.map((f) => stem(f.path)))].sort();
  const name = stems.length === 1 ? stems[0]! : `${stems[0]} and ${stems.length - 1} more`;
  return { files: [...files], rootName: name };
}

/** A file's name without its folders and result extensions: `TASK-005.result.json` → `TASK-005`. */
function stem(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.replace(/\.(zip|json|jsonl|eval)$/i, "").replace(/\.result$/i, "") || base;
}
