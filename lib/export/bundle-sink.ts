import fs from "node:fs";
import path from "node:path";
import { Zip, ZipDeflate } from "fflate";

/**
 * Where a static share bundle's files go, one at a time, so that a writer holds one file's bytes at most: a
 * folder or a zip stream. Nothing half-written stays behind: `abort` removes what was written.
 */
export interface BundleSink {
  /** Resolves once the file's bytes are handed on. */
  add(file: string, data: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

const bytesOf = (data: string | Uint8Array) => (typeof data === "string" ? Buffer.from(data) : data);

/**
 * A folder sink: files go into a hidden folder beside `dir` and are moved into `dir` on close (created when
 * missing; entries already there of the same names are replaced).
 */
export function folderSink(dir: string): BundleSink {
  const target = path.resolve(dir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}.partial-`));
  const made = new Set<string>();
  return {
    async add(file, data) {
      const at = path.join(scratch, ...file.split("/"));
      const parent = path.dirname(at);
      if (!made.has(parent)) {
        await fs.promises.mkdir(parent, { recursive: true });
        made.add(parent);
      }
      await fs.promises.writeFile(at, bytesOf(data));
    },
    async close() {
      await fs.promises.mkdir(target, { recursive: true });
      for (const entry of await fs.promises.readdir(scratch)) {
        await fs.promises.rm(path.join(target, entry), { recursive: true, force: true });
        await fs.promises.rename(path.join(scratch, entry), path.join(target, entry));
      }
      await fs.promises.rm(scratch, { recursive: true, force: true });
    },
    async abort() {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * A zip sink: every file under `folder/` (so that unpacking makes one folder), deflated as it is added, the
 * archive's bytes handed to `write` as they are made (which applies back-pressure by resolving late).
 */
export function zipSink(
  folder: string,
  write: (chunk: Uint8Array) => Promise<void>,
  end: () => Promise<void>,
): BundleSink {
  let pending: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else pending.push(chunk);
  });
  const flush = async () => {
    if (failed) throw failed;
    const out = pending;
    pending = [];
    for (const chunk of out) await write(chunk);
  };
  return {
    async add(file, data) {
      const entry = new ZipDeflate(`${folder}/${file}`, { level: 6 });
      zip.add(entry);
      entry.push(bytesOf(data), true);
      await flush();
    },
    async close() {
      zip.end();
      await flush();
      await end();
    },
    async abort() {
      zip.terminate();
      pending = [];
    },
  };
}

/** A zip sink writing `archive` (through `archive.partial`, renamed on close). */
export function zipFileSink(archive: string, folder: string): BundleSink {
  fs.mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
  const partial = `${archive}.partial`;
  const stream = fs.createWriteStream(partial);
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      stream.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  const end = () => new Promise<void>((resolve) => stream.end(resolve));
  const sink = zipSink(folder, write, async () => {
    await end();
    await fs.promises.rename(partial, archive);
  });
  return {
    ...sink,
    async abort() {
      await sink.abort();
      await end();
      await fs.promises.rm(partial, { force: true });
    },
  };
}
