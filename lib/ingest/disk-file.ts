import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import type { InputFile } from "@/lib/formats/types";

/**
 * A file of a batch read from disk on each use of `bytes` instead of once up front, so detecting and parsing a
 * batch of thousands of files does not hold all their bytes at once. `hold()` keeps the bytes until
 * `release()`: ingest holds a rollout's files while it stores them (the stored raw bytes, its trace and the
 * readers memoised on bytes all see one read).
 *
 * Contract: every read returns the bytes of the first one. A read that finds another size or modification
 * time throws, so rows never pair a hash computed while parsing with other bytes.
 */
export class DiskFile implements InputFile {
  private held: Uint8Array | null = null;
  private stamp: { size: number; mtimeMs: number } | null = null;
  private budgeted = false;

  /** `budget`: shared by a batch's files; a file read while it lasts keeps its bytes (see ReadBudget). */
  constructor(
    readonly path: string,
    readonly abs: string,
    private readonly budget: ReadBudget | null = null,
    readonly maxBytes = Number.MAX_SAFE_INTEGER,
  ) {}

  get bytes(): Uint8Array {
    return this.held ?? lastRead(this) ?? this.read();
  }

  hold(): void {
    this.held ??= this.bytes;
  }

  /**
   * Holds bytes read elsewhere (the ingest's reread worker) as this file's read at `stamp`: throws as a read
   * would when the file had another size or modification time at its first read.
   */
  adopt(bytes: Uint8Array, stamp: { size: number; mtimeMs: number }): void {
    this.check(stamp);
    this.held ??= bytes;
  }

  release(): void {
    if (this.held && this.budgeted) this.budget!.left += this.held.byteLength;
    this.held = null;
    this.budgeted = false;
  }

  private check(stamp: { size: number; mtimeMs: number }): void {
    if (this.stamp === null) this.stamp = stamp;
    else if (this.stamp.size !== stamp.size || this.stamp.mtimeMs !== stamp.mtimeMs) throw changed(this.path);
  }

  private read(): Uint8Array {
    const { bytes, stamp } = readRegularFile(this.abs, this.path, this.maxBytes);
    this.check(stamp);
    if (this.budget && this.budget.left >= bytes.byteLength) {
      this.budget.left -= bytes.byteLength;
      this.held = bytes;
      this.budgeted = true;
    }
    last = { file: this, bytes };
    return bytes;
  }
}

/**
 * Bytes a batch's files may keep after their first read. Detection and parsing pass over every file several
 * times (archive sniffing, each format's claim, parse, hash); a batch that fits is read once, and a larger one
 * keeps its first files and reads the rest again, so memory stays bounded whatever the batch's size.
 */
export class ReadBudget {
  constructor(public left: number) {}
}

/**
 * A regular file's bytes, and the size and time they were read at. Opened without blocking and checked by type
 * and size on the open descriptor before any read, so a FIFO or device that replaced a file after the folder
 * was listed is refused instead of blocking or reading without end.
 */
export function readRegularFile(
  abs: string,
  path: string,
  maxBytes: number,
): { bytes: Uint8Array; stamp: { size: number; mtimeMs: number } } {
  const fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  let buf: Buffer;
  let stamp: { size: number; mtimeMs: number };
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new Error(`${path} is no longer a regular file: not read`);
    if (info.size > maxBytes) throw new Error(`${path} grew past ${maxBytes} bytes (TALLY_MAX_FILE_BYTES): not read`);
    stamp = { size: info.size, mtimeMs: info.mtimeMs };
    buf = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  if (buf.byteLength !== stamp.size) throw changed(path);
  return { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), stamp };
}

const changed = (path: string) => new Error(`${path} changed while it was being ingested: ingest it again`);

/** The latest read, kept for the next use of the same file (a reader parses a file, then hashes it). */
let last: { file: DiskFile; bytes: Uint8Array } | null = null;

function lastRead(file: DiskFile): Uint8Array | null {
  return last?.file === file ? last.bytes : null;
}

export function isDiskFile(file: InputFile): file is DiskFile {
  return file instanceof DiskFile;
}
