/*
 * Where a search matched inside a step's text, and the snippet shown around it. Pure: the server builds
 * snippets with it, tests pin it. Words are runs of letters and digits (as SQLite FTS5's unicode61 tokenizer and
 * PostgreSQL's 'simple' configuration cut them, closely enough), compared without case.
 */

export type SearchMode = "words" | "phrase" | "regex";

/** A half-open range [start, end) of UTF-16 code units. */
export type MatchRange = readonly [number, number];

export interface Snippet {
  text: string;
  /** The matches inside `text`, in order, not overlapping. */
  ranges: MatchRange[];
  /** Whether text was left out before and after the snippet. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** Characters of context kept on each side of the first match, and the longest snippet. */
export const SNIPPET_CONTEXT = 80;
export const SNIPPET_LENGTH = 280;

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** The words of a query, lower-cased, in order (repeats kept: a phrase may repeat a word). */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(NOT_WORD)
    .filter((w) => w !== "");
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The pattern that finds a words or phrase query in text: the words in order with only non-word characters
 * between them (phrase mode); in words mode that phrase as one match where it occurs (`get_capacity` for
 * "get capacity"), else any of the words. Linear: one quantifier, on a character class.
 */
export function highlightPattern(mode: "words" | "phrase", words: readonly string[]): RegExp {
  const phrase = words.map(escape).join("[^\\p{L}\\p{N}]+");
  const each = [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");
  const body = mode === "phrase" ? phrase : words.length > 1 ? `${phrase}|${each}` : each;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, "giu");
}

/** Every match of a global pattern in text, at most `max`; an empty match is skipped. */
export function matchRanges(text: string, pattern: RegExp, max = 50): MatchRange[] {
  const ranges: MatchRange[] = [];
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  global.lastIndex = 0;
  for (let m = global.exec(text); m !== null && ranges.length < max; m = global.exec(text)) {
    if (m[0].length === 0) {
      global.lastIndex++;
      continue;
    }
    ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/**
 * The part of `text` around its first match, with the matches inside it; the start of the text when nothing
 * matched (a full-text hit whose words the pattern does not find verbatim).
 */
export function snippetOf(text: string, ranges: readonly MatchRange[]): Snippet {
  const first = ranges[0];
  let start = first ? Math.max(0, first[0] - SNIPPET_CONTEXT) : 0;
  // Start at a word boundary where one is near, not inside a surrogate pair.
  if (start > 0) {
    const space = text.lastIndexOf(" ", start + 12);
    if (space > start - 12 && space < (first?.[0] ?? Infinity)) start = space + 1;
    if (/[\uDC00-\uDFFF]/.test(text[start] ?? "")) start++;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (first && end < first[1]) end = Math.min(first[1], start + 4 * SNIPPET_LENGTH);
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end--;
  // A match running past the snippet is marked up to its end.
  const inside = ranges
    .filter(([a, b]) => a < end && b > start)
    .map(([a, b]) => [Math.max(a, start) - start, Math.min(b, end) - start] as const);
  return { text: text.slice(start, end), ranges: inside, cutStart: start > 0, cutEnd: end < text.length };
}
