/**
 * A lone surrogate as JSON.stringify escapes it (a pair is written as its characters): `\udXXX` after an even run
 * of backslashes, so that an escaped backslash followed by "ud83d" is left alone.
 */
const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi;

/**
 * A json column's text, the same in both databases. A lone surrogate in a string or a key (an odd label in a
 * result file) is written as U+FFFD: PostgreSQL refuses the escape JSON.stringify writes for it ("invalid input
 * syntax for type json"), and SQLite would keep what PostgreSQL cannot.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value ?? null).replace(LONE_SURROGATE, "$1\\ufffd");
}
