/*
 * Typed arrays that grow as values are appended, for columns built one rollout at a time (columns-builder.ts).
 * A run of 1,000,000 rollouts has 12,000,000 checks: a column of them costs a byte each where a byte holds the
 * values, not the eight of a list of numbers.
 */

type Kind = Uint8Array | Uint16Array | Int32Array | Float64Array;

/** Appends numbers of one kind; `view()` is valid until the next push. */
export class Growable<T extends Kind> {
  #values: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.#values = make(64);
  }

  push(x: number): void {
    if (this.length === this.#values.length) {
      const grown = this.make(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.length++] = x;
  }

  at(i: number): number {
    return this.#values[i]!;
  }

  view(): T {
    return this.#values.subarray(0, this.length) as T;
  }
}

export const growU8 = () => new Growable((n) => new Uint8Array(n));
export const growI32 = () => new Growable((n) => new Int32Array(n));
export const growF64 = () => new Growable((n) => new Float64Array(n));

/**
 * Appends non-negative integers in the narrowest of Uint8, Uint16 and Int32 that holds every value so far,
 * widening when one does not fit (a check's failure tag: nearly always one of a few).
 */
export class GrowableIndex {
  #values: Uint8Array | Uint16Array | Int32Array = new Uint8Array(64);
  #max = 0xff;
  length = 0;

  push(x: number): void {
    if (x > this.#max || this.length === this.#values.length) this.#grow(x);
    this.#values[this.length++] = x;
  }

  #grow(x: number): void {
    const size = this.length === this.#values.length ? this.#values.length * 2 : this.#values.length;
    const need = Math.max(x, this.#max);
    const grown = need > 0xffff ? new Int32Array(size) : need > 0xff ? new Uint16Array(size) : new Uint8Array(size);
    grown.set(this.#values.subarray(0, this.length));
    this.#values = grown;
    this.#max = need > 0xffff ? 0x7fffffff : need > 0xff ? 0xffff : 0xff;
  }

  at(i: number): number {
    return this.#values[i]!;
  }
}
