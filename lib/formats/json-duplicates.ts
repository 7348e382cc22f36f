/*
 * Duplicate keys in JSON text. JSON.parse keeps the last value of a key given twice in one object and says
 * nothing, and no reviver sees the first: a result file whose `passed` appears twice is read by whichever
 * value comes last. This scanner walks the text once, jumping over string contents with indexOf, and keeps a
 * set of keys per object still open (a stack no deeper than the text's nesting), so it costs about what parsing
 * costs and holds nothing of the values.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COMMA = 44;

interface Frame {
  object: boolean;
  /** The keys seen so far (objects): a list while short (cheaper than a set for the few keys most have). */
  keys: string[];
  set: Set<string> | null;
  /** Objects: the next string is a key. */
  expectKey: boolean;
  /** Objects: the key being read; arrays: the index. */
  at: string | number;
}

/** Keys an object keeps in a list before they move to a set. */
const FEW = 12;

/** Adds `key` to an object's keys; true when it was there already. */
function seenBefore(frame: Frame, key: string): boolean {
  if (frame.set !== null) {
    if (frame.set.has(key)) return true;
    frame.set.add(key);
    return false;
  }
  const keys = frame.keys;
  for (let k = 0; k < keys.length; k++) if (keys[k] === key) return true;
  keys.push(key);
  if (keys.length > FEW) frame.set = new Set(keys);
  return false;
}

/** `checks[0].label`, `["a b"].c`: a key path as the rest of Tally writes field paths. */
function pathOf(stack: readonly Frame[], key: string): string {
  let out = "";
  const segment = (s: string | number) => {
    if (typeof s === "number") out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  };
  // Each frame's `at` is where its child sits; the last frame's child is the duplicated key itself.
  for (let i = 0; i < stack.length - 1; i++) segment(stack[i]!.at);
  segment(key);
  return out;
}

/** The end of the string whose opening quote is at `start`: the index of its closing quote, or -1. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return -1;
    let slashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/**
 * The paths of keys given twice in one object, in the order found, at most `max` (the first occurrence of each
 * path only). Any sequence of JSON values (JSON lines included) is read; text that is not JSON ends the scan
 * with what was found, so call it on text that parses.
 */
export function duplicateKeys(text: string, max = 5): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Most characters outside strings are whitespace, digits, letters of literals and colons: one test each.
    if (c !== QUOTE && c !== COMMA && (c & 0xdf) !== 0x5b && (c & 0xdf) !== 0x5d) {
      i++;
      continue;
    }
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        top.expectKey = false;
        top.at = key;
        if (seenBefore(top, key)) {
          const path = pathOf(stack, key);
          if (!seen.has(path)) {
            seen.add(path);
            found.push(path);
            if (found.length >= max) return found;
          }
        }
      }
      i = end + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const object = c === OPEN_OBJECT;
      stack.push({ object, keys: [], set: null, expectKey: true, at: object ? "" : 0 });
      i++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
      i++;
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
      i++;
    } else i++;
  }
  return found;
}
