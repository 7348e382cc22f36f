/**
 * The central directory of a zip, read without inflating anything: where each entry's compressed bytes start
 * and how they are compressed. fflate reads stored and deflated entries itself; this reader exists for the
 * methods it does not know (Zstandard, method 93, in Inspect's .eval logs). Zip64 sizes and offsets are read
 * from the entry's extra field.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate, 93 Zstandard, … */
  method: number;
  compressedSize: number;
  originalSize: number;
  /** Offset of the entry's compressed bytes (after its local header). */
  dataOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

const names = new TextDecoder("utf-8");

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(v: DataView, at: number): number {
  return v.getUint32(at, true) + v.getUint32(at + 4, true) * 2 ** 32;
}

function findEndRecord(v: DataView): number {
  const last = v.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) if (v.getUint32(at, true) === EOCD) return at;
  throw new Error("no end of central directory record");
}

/** Every file entry of the zip, in directory order. Throws on a malformed directory. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const v = view(bytes);
  const end = findEndRecord(v);
  let count = v.getUint16(end + 10, true);
  let offset = v.getUint32(end + 16, true);
  const locator = end - 20;
  if ((count === 0xffff || offset === 0xffffffff) && locator >= 0 && v.getUint32(locator, true) === ZIP64_LOCATOR) {
    const record = u64(v, locator + 8);
    if (v.getUint32(record, true) !== ZIP64_EOCD) throw new Error("bad zip64 end of central directory");
    count = u64(v, record + 32);
    offset = u64(v, record + 48);
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (v.getUint32(at, true) !== CENTRAL) throw new Error(`bad central directory entry ${i}`);
    const method = v.getUint16(at + 10, true);
    let compressedSize = v.getUint32(at + 20, true);
    let originalSize = v.getUint32(at + 24, true);
    const nameLength = v.getUint16(at + 28, true);
    const extraLength = v.getUint16(at + 30, true);
    const commentLength = v.getUint16(at + 32, true);
    let local = v.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Zip64 extra field (id 1): the 64-bit values, in this order, of the 32-bit fields that are all ones.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = v.getUint16(extra, true);
      const size = v.getUint16(extra + 2, true);
      if (id === 1) {
        let field = extra + 4;
        if (originalSize === 0xffffffff) ((originalSize = u64(v, field)), (field += 8));
        if (compressedSize === 0xffffffff) ((compressedSize = u64(v, field)), (field += 8));
        if (local === 0xffffffff) local = u64(v, field);
      }
      extra += 4 + size;
    }
    if (v.getUint32(local, true) !== LOCAL) throw new Error(`bad local header for "${name}"`);
    const dataOffset = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    if (dataOffset + compressedSize > bytes.byteLength)
      throw new Error(`entry "${name}" runs past the end of the file`);
    entries.push({ name, method, compressedSize, originalSize, dataOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}
