/*
 * Strings from result files (run, task, check and dimension names, scenario words) written into markdown that
 * GitHub renders: each shows as the same text and nothing else. No image, link, HTML, entity, emphasis, table
 * cell or heading comes from the data; only the links Tally writes itself (markdownLink) are links.
 */

/** Where the text goes: a table cell also splits on `|` inside a code span, so there it is escaped too. */
export interface MarkdownPlace {
  cell?: boolean;
}

/**
 * Line breaks end a table row and start blocks (headings, lists, quotes): text from a file stays on its line.
 * CommonMark's line endings, and the separators a renderer may treat as one.
 */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

/**
 * Punctuation that is markup wherever it stands in a line: escapes and code (`\` `` ` ``), emphasis and
 * strikethrough (`*` `_` `~`), links, images and footnotes (`[` `]`), HTML, comments and autolinks (`<` `>`),
 * entities (`&`), table cells (`|`) and GitHub's math (`$`). A backslash before any ASCII punctuation shows
 * that character as it is.
 */
const ACTIVE = /[\\`*_[\]<>&|~$]/g;

/** Markup only at the start of a line: heading, quote, list item, setext underline; an ordered list item. */
const LINE_START = /^[#>+\-=]/;
const ORDERED_ITEM = /^(\d+)([.)])/;

/**
 * Words GitHub links without any markup: URLs (`https://…`, `www.…`), e-mail addresses, @mentions (which also
 * notify people) and issue numbers (`#12`). Such a word is shown as inline code, which GitHub never links.
 */
const LINKED_WORD = /\S*(?::\/\/|www\.|@|#\d)\S*/gi;

/** Inline code showing `text` verbatim: a fence longer than any run of backticks inside, padded when needed. */
export function markdownCode(text: string, place: MarkdownPlace = {}): string {
  const flat = text.replace(LINE_BREAK, " ");
  const longest = (flat.match(/`+/g) ?? []).reduce((top, run) => Math.max(top, run.length), 0);
  const fence = "`".repeat(longest + 1);
  // The renderer drops one space inside each fence when both are there (unless all is spaces): a pad keeps a
  // backtick at either end apart from the fence, and keeps the text's own spaces.
  const spaced = flat.startsWith(" ") && flat.endsWith(" ") && flat.trim() !== "";
  const pad = flat.startsWith("`") || flat.endsWith("`") || spaced ? " " : "";
  const body = place.cell ? flat.replace(/\|/g, "\\|") : flat;
  return flat === "" ? "" : `${fence}${pad}${body}${pad}${fence}`;
}

/** Text outside code: every active character escaped, and a line-start marker too. */
function escapeProse(text: string): string {
  const escaped = text.replace(ACTIVE, (c) => `\\${c}`);
  return LINE_START.test(escaped) ? `\\${escaped}` : escaped.replace(ORDERED_ITEM, "$1\\$2");
}

/**
 * A string from a result file as inert markdown: it renders as the same characters (line breaks as spaces),
 * with no markup of its own. Words GitHub would link (URLs, e-mail addresses, @mentions) become inline code.
 */
export function markdownText(text: string, place: MarkdownPlace = {}): string {
  const flat = text.replace(LINE_BREAK, " ");
  let out = "";
  let last = 0;
  for (const match of flat.matchAll(LINKED_WORD)) {
    out += escapeProse(flat.slice(last, match.index));
    out += markdownCode(match[0], place);
    last = match.index + match[0].length;
  }
  return out + escapeProse(flat.slice(last));
}

/**
 * A URL Tally writes as a link destination: characters that would end or split the destination (parentheses,
 * angle brackets, spaces, quotes, backticks, brackets, pipes, backslashes) and any non-ASCII are
 * percent-encoded, so the link goes where the URL says and stays one link.
 */
export function markdownUrl(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/gu, (c) =>
    [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

/** A link Tally makes: `label` is markdown already escaped (markdownText, markdownCode); `url` is encoded here. */
export function markdownLink(label: string, url: string): string {
  return `[${label}](${markdownUrl(url)})`;
}
