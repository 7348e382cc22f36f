import type { InputFile } from "@/lib/formats/types";

/**
 * Names an uploaded batch the way `tally ingest <folder>` would: when every file sits under one top folder
 * (a dropped folder), that folder is the root name and paths become relative to it, so the same folder
 * ingested by the CLI or uploaded maps to the same rollouts. A lone file or zip is named after itself.
 */
export function rootUpload(files: readonly InputFile[]): { files: InputFile[]; rootName: string } {
  const first = files[0];
  if (!first) return { files: [], rootName: "upload" };
  const tops = new Set(files.map((f) => (f.path.includes("/") ? f.path.split("/")[0] : "")));
  const [top] = [...tops];
  if (tops.size === 1 && top) {
    return { files: files.map((f) => ({ ...f, path: f.path.slice(top.length + 1) })), rootName: top };
  }
  const name = files.length === 1 ? first.path.replace(/\.(zip|json|jsonl|eval)$/i, "") : "upload";
  return { files: [...files], rootName: name };
}
