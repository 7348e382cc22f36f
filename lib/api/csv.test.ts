import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, toCsv } from "./csv";

describe("toCsv", () => {
  it("joins cells with commas and rows with CRLF, ending with a line break", () => {
    expect(
      toCsv([
        ["a", "b"],
        [1, true],
      ]),
    ).toBe("a,b\r\n1,true\r\n");
    expect(toCsv([])).toBe("");
  });

  it("quotes fields with commas, quotes, CR or LF and doubles the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell("plain text")).toBe("plain text");
  });

  it("guards text a spreadsheet would run as a formula with a leading quote", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("numbers stay numbers (negative ones unguarded); empty for null, undefined and non-finite", () => {
    expect(toCsv([[-0.5, 0, null, undefined, Number.NaN, false]])).toBe("-0.5,0,,,,false\r\n");
  });

  it("round-trips through a CSV reader", () => {
    const cells = ["x,y", 'q"q', "multi\nline", "=1+1"];
    const line = toCsv([cells]);
    expect(parse(line)).toEqual([["x,y", 'q"q', "multi\nline", "'=1+1"]]);
  });
});

describe("csvResponse", () => {
  it("is an attachment with a safe file name", () => {
    const res = csvResponse("a\r\n", 'run "x"/../y.csv');
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="run-x-..-y.csv"');
  });
});

/** A minimal RFC 4180 reader for the round trip. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  return rows;
}
