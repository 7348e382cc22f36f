import type { CheckHead } from "@/lib/store/records";
import type { TextHead } from "@/lib/text-head";
import type { PackedCheck } from "./bundle-data";

/*
 * A bundle's checks as rows rather than objects, each distinct text once per chunk: a run of 100,000 rollouts
 * holds over a million checks, whose field names and repeated labels would otherwise be most of its bytes.
 */

/** The fields of a check head in the order a packed row holds them. */
const CHECK_FIELDS = [
  "order",
  "key",
  "label",
  "passed",
  "score",
  "required",
  "dimension",
  "status",
  "weight",
  "detail",
  "reason",
  "failureTag",
  "evidenceRefs",
  "evidenceCount",
  "metadata",
] as const satisfies readonly (keyof CheckHead)[];

const TEXT_FIELDS = new Set<string>(["key", "label", "detail", "reason"]);

/** Interns text heads: each distinct one gets an index into `texts`. */
export class TextTable {
  readonly texts: TextHead[] = [];
  readonly #index = new Map<string, number>();

  add(text: TextHead): number {
    const id = `${text.cut ? 1 : 0}${text.bytes}\u0000${text.head}`;
    let at = this.#index.get(id);
    if (at === undefined) {
      at = this.texts.length;
      this.texts.push(text);
      this.#index.set(id, at);
    }
    return at;
  }
}

export function packCheck(check: CheckHead, table: TextTable): PackedCheck {
  return CHECK_FIELDS.map((field) => {
    const value = check[field];
    if (!TEXT_FIELDS.has(field) || value === null) return value;
    return table.add(value as TextHead);
  });
}

export function unpackCheck(row: PackedCheck, texts: readonly TextHead[]): CheckHead {
  const check: Record<string, unknown> = {};
  CHECK_FIELDS.forEach((field, i) => {
    const value = row[i];
    check[field] = TEXT_FIELDS.has(field) && value !== null ? texts[value as number] : value;
  });
  return check as unknown as CheckHead;
}
