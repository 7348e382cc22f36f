import type { BundleSink } from "./bundle-sink";

/** One file of a static share bundle, by its path inside the bundle ("/"-separated). */
export interface BundleFile {
  path: string;
  data: string | Uint8Array;
}

/** Writes small bundles held whole (a comparison) into a sink and closes it; aborts it on an error. */
export async function writeFiles(sink: BundleSink, files: readonly BundleFile[]): Promise<void> {
  try {
    for (const file of files) await sink.add(file.path, file.data);
    await sink.close();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/** A folder (and zip) name for a run: its name reduced to characters every file system and header accepts. */
export function bundleFolderName(runName: string): string {
  const slug = runName
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 80);
  return `tally-${slug || "run"}`;
}
