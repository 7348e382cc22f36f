/**
 * Where JSON text stops being valid. V8 reports a position for most syntax errors but not for an unexpected
 * token ("Unexpected token 'x', ... is not valid JSON"); this scanner finds it. It only locates: the text is
 * known to be invalid because JSON.parse failed. Returns null if no error is found (should not happen).
 */
export function locateJsonError(text: string): number | null {
  let i = 0;
  const n = text.length;

  const skipWhitespace = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const digits = () => {
    const start = i;
    while (i < n && text[i]! >= "0" && text[i]! <= "9") i++;
    return i > start;
  };

  // Each step returns false at the failing offset (i).
  const string = (): boolean => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return false;
      } else i++;
    }
    return false;
  };
  const number = (): boolean => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (!digits()) return false;
    if (text[i] === ".") {
      i++;
      if (!digits()) return false;
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!digits()) return false;
    }
    return true;
  };
  const literal = (word: string): boolean => {
    for (const ch of word) {
      if (text[i] !== ch) return false;
      i++;
    }
    return true;
  };
  const value = (): boolean => {
    skipWhitespace();
    const c = text[i];
    if (c === "{") return container("}", true);
    if (c === "[") return container("]", false);
    if (c === '"') return string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    return false;
  };
  const container = (close: string, isObject: boolean): boolean => {
    i++;
    skipWhitespace();
    if (text[i] === close) {
      i++;
      return true;
    }
    for (;;) {
      if (isObject) {
        skipWhitespace();
        if (text[i] !== '"' || !string()) return false;
        skipWhitespace();
        if (text[i] !== ":") return false;
        i++;
      }
      if (!value()) return false;
      skipWhitespace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return true;
      }
      return false;
    }
  };

  try {
    if (!value()) return Math.min(i, n);
    skipWhitespace();
    return i < n ? i : null;
  } catch {
    return null; // nesting deeper than the stack allows
  }
}
