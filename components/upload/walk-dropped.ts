import { cleanPath, isSkippedFolder, type PickedFile } from "./picked-files";

/**
 * The parts of the File and Directory Entries API a drop uses (FileSystemEntry and friends), narrowed so the
 * walk can be tested without a browser.
 */
export interface DroppedEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
export interface DroppedFileEntry extends DroppedEntry {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DroppedDirectoryEntry extends DroppedEntry {
  createReader(): { readEntries(success: (entries: DroppedEntry[]) => void, failure?: (error: unknown) => void): void };
}

const isFileEntry = (e: DroppedEntry): e is DroppedFileEntry => e.isFile;
const isDirectoryEntry = (e: DroppedEntry): e is DroppedDirectoryEntry => e.isDirectory;

function readFile(entry: DroppedFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every child of a folder: readEntries hands them out in batches (100 in Chrome) until it returns none. */
async function readAll(entry: DroppedDirectoryEntry): Promise<DroppedEntry[]> {
  const reader = entry.createReader();
  const all: DroppedEntry[] = [];
  for (;;) {
    const batch = await new Promise<DroppedEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    for (const e of batch) all.push(e);
  }
}

/**
 * Walks dropped entries (files and whole folders) into files named by their path from the drop, e.g. a
 * dropped folder `job` gives `job/trial__abc/result.json`. Entries that cannot be read are reported by path.
 */
export async function walkDropped(
  entries: readonly DroppedEntry[],
): Promise<{ files: PickedFile[]; unreadable: string[] }> {
  const files: PickedFile[] = [];
  const unreadable: string[] = [];
  const visit = async (entry: DroppedEntry): Promise<void> => {
    const path = cleanPath(entry.fullPath || entry.name);
    try {
      if (isFileEntry(entry)) {
        files.push({ path, file: await readFile(entry) });
      } else if (isDirectoryEntry(entry)) {
        if (isSkippedFolder(entry.name)) return;
        for (const child of await readAll(entry)) await visit(child);
      }
    } catch {
      unreadable.push(path);
    }
  };
  for (const entry of entries) await visit(entry);
  return { files, unreadable };
}

/**
 * The entries of a drop. Must run inside the drop handler, before any await: the DataTransfer empties once
 * the event is over. Items the browser gives no entry for (or browsers without webkitGetAsEntry) come back
 * as plain files.
 */
export function droppedEntries(data: DataTransfer): { entries: DroppedEntry[]; files: File[] } {
  const entries: DroppedEntry[] = [];
  const files: File[] = [];
  for (const item of [...data.items]) {
    if (item.kind !== "file") continue;
    const entry = typeof item.webkitGetAsEntry === "function" ? item.webkitGetAsEntry() : null;
    const file = entry ? null : item.getAsFile();
    if (entry) entries.push(entry);
    else if (file) files.push(file);
  }
  if (entries.length === 0 && files.length === 0) for (const f of data.files) files.push(f);
  return { entries, files };
}
