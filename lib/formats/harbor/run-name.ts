import type { ParseOptions } from "../types";

/** The ingested root as a name: `regex-log.result.json` -> `regex-log`, `job.zip` -> `job`. */
function rootAsName(rootName: string | undefined): string {
  return (rootName ?? "")
    .replace(/\.(result\.)?json$/i, "")
    .replace(/\.zip$/i, "")
    .replace(/^\.+/, "")
    .trim();
}

/** The user's run name (--run), else the ingested folder's, else `fallback`. */
export function baseRunName(options: ParseOptions, fallback: string): string {
  return options.runName?.trim() || rootAsName(options.rootName) || fallback;
}
