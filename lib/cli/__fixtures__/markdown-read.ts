import type { MarkdownPlace } from "../markdown-text";

/*
 * No markdown parser is installed, so the tests read the output the way CommonMark and GitHub would at the level
 * that matters here: backslash escapes, code spans (a run of backticks closed by a run of the same length), and
 * what is left outside them.
 */

export interface Piece {
  kind: "text" | "code";
  text: string;
}

/** Splits inline markdown into escaped-or-plain text and code spans. */
export function pieces(md: string): Piece[] {
  const out: Piece[] = [];
  let text = "";
  let i = 0;
  while (i < md.length) {
    const c = md[i]!;
    if (c === "\\" && i + 1 < md.length && /[!-/:-@[-`{-~]/.test(md[i + 1]!)) {
      text += `\\${md[i + 1]}`;
      i += 2;
      continue;
    }
    if (c === "`") {
      let run = 1;
      while (md[i + run] === "`") run++;
      const fence = "`".repeat(run);
      let close = md.indexOf(fence, i + run);
      while (close >= 0 && (md[close + run] === "`" || md[close - 1] === "`")) close = md.indexOf(fence, close + 1);
      if (close >= 0) {
        if (text) out.push({ kind: "text", text });
        text = "";
        out.push({ kind: "code", text: md.slice(i + run, close) });
        i = close + run;
        continue;
      }
      text += fence;
      i += run;
      continue;
    }
    text += c;
    i++;
  }
  if (text) out.push({ kind: "text", text });
  return out;
}

/** What a renderer would show: escapes resolved, code spans' contents (one padding space dropped each side). */
export function shown(md: string, place: MarkdownPlace = {}): string {
  return pieces(md)
    .map((p) => {
      if (p.kind === "text") return p.text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
      const padded = p.text.startsWith(" ") && p.text.endsWith(" ") && p.text.trim() !== "";
      const body = padded ? p.text.slice(1, -1) : p.text;
      return place.cell ? body.replace(/\\\|/g, "|") : body;
    })
    .join("");
}

/**
 * Markup outside code spans and escapes: characters that open images, links, HTML, entities, emphasis,
 * strikethrough, math or table cells; words GitHub links by themselves; line breaks; a marker at the start.
 */
export function activeMarkup(md: string, place: MarkdownPlace = {}): string[] {
  const found: string[] = [];
  if (/[\r\n\u2028\u2029]/.test(md)) found.push("line break");
  const all = pieces(md);
  all.forEach((p, i) => {
    if (p.kind === "code") {
      // A bare pipe inside code still splits a table row.
      if (place.cell && /(^|[^\\])\|/.test(p.text)) found.push("pipe in code in a cell");
      return;
    }
    const bare = p.text.replace(/\\[!-/:-@[-`{-~]/g, " ");
    for (const c of ["*", "_", "~", "$", "[", "]", "<", ">", "|", "`"]) if (bare.includes(c)) found.push(c);
    if (/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(bare)) found.push("entity");
    if (/:\/\/|www\.|@\w|#\d/i.test(bare)) found.push("linked word");
    if (i === 0 && /^[#>+\-=]|^\d+[.)]/.test(bare)) found.push("line-start marker");
  });
  return found;
}

