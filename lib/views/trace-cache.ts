import type { TraceRead } from "@/lib/traces";

/*
 * Parsed traces kept between requests: the trace view pages through a long trace 1,000 steps at a time, and
 * each page would otherwise fetch and parse every raw file again. A trace is read from content-addressed raw
 * files, so the sha256s of those files identify it for ever: entries never go stale, they only age out.
 * The budget counts the raw bytes of cached traces (a parsed trace takes a few times its bytes in memory); a
 * trace larger than the whole budget is read on every request instead, so opening a huge one never pins it.
 */

/** Raw bytes of the traces kept, most recently used last. */
export const TRACE_CACHE_BYTES = 128 * 1024 * 1024;

interface Entry {
  bytes: number;
  read: TraceRead;
}

export class TraceCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  constructor(private readonly budget = TRACE_CACHE_BYTES) {}

  get(key: string): TraceRead | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.read;
  }

  set(key: string, bytes: number, read: TraceRead): void {
    if (bytes > this.budget || this.#entries.has(key)) return;
    this.#entries.set(key, { bytes, read });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budget) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
