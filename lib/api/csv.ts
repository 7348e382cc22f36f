/**
 * CSV (RFC 4180): CRLF line ends; a field is quoted when it holds a comma, a quote, CR or LF, with quotes
 * doubled. Text cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR) get a
 * leading single quote. Numbers and booleans are written as they are (so −0.5 stays a number); null and
 * undefined are empty cells.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + (rows.length > 0 ? "\r\n" : "");
}

/** A CSV download response: text/csv, UTF-8, saved under `filename` (reduced to safe characters). */
export function csvResponse(body: string, filename: string): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "export.csv";
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${safe}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
