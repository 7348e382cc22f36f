import { describe, expect, it } from "vitest";
import { MARKDOWN_HOSTILE } from "./__fixtures__/markdown-hostile";
import { activeMarkup, pieces, shown } from "./__fixtures__/markdown-read";
import { markdownCode, markdownLink, markdownText, markdownUrl } from "./markdown-text";

const flat = (text: string) => text.replace(/\r\n|[\r\n\u2028\u2029]/g, " ");

describe("markdownText: text from a result file stays text", () => {
  for (const place of [{}, { cell: true }] as const) {
    for (const { what, text } of MARKDOWN_HOSTILE) {
      it(`${what}${place.cell ? " (in a table cell)" : ""}`, () => {
        const md = markdownText(text, place);
        expect(activeMarkup(md, place), md).toEqual([]);
        expect(shown(md, place)).toBe(flat(text));
      });
    }
  }

  it("escapes precisely what would be markup, and nothing else", () => {
    expect(markdownText("v-b")).toBe("v-b");
    expect(markdownText("incident/dns-flap C1 counted as passed")).toBe("incident/dns-flap C1 counted as passed");
    expect(markdownText("![](https://evil.example/p.png)")).toBe("`![](https://evil.example/p.png)`");
    expect(markdownText("<img src=x>")).toBe("\\<img src=x\\>");
    expect(markdownText("[x](javascript:alert(1))")).toBe("\\[x\\](javascript:alert(1))");
    expect(markdownText("a | b")).toBe("a \\| b");
    expect(markdownText("*a* _b_ ~c~ $d$")).toBe("\\*a\\* \\_b\\_ \\~c\\~ \\$d\\$");
    expect(markdownText("# h")).toBe("\\# h");
    expect(markdownText("a\n# h")).toBe("a # h");
    expect(markdownText("&amp;")).toBe("\\&amp;");
    expect(markdownText("<!-- x -->")).toBe("\\<!-- x --\\>");
    expect(markdownText("a`b")).toBe("a\\`b");
    expect(markdownText("cc @octocat now")).toBe("cc `@octocat` now");
    expect(markdownText("x|https://e.example|y", { cell: true })).toBe("`x\\|https://e.example\\|y`");
  });
});

describe("markdownCode: inline code that holds any text", () => {
  for (const place of [{}, { cell: true }] as const) {
    for (const { what, text } of MARKDOWN_HOSTILE) {
      it(`${what}${place.cell ? " (in a table cell)" : ""}`, () => {
        const md = markdownCode(text, place);
        const all = pieces(md);
        expect(all.map((p) => p.kind)).toEqual(["code"]);
        expect(activeMarkup(md, place)).toEqual([]);
        expect(shown(md, place)).toBe(flat(text));
      });
    }
  }

  it("fences past the longest run of backticks inside", () => {
    expect(markdownCode("data/join-invoices")).toBe("`data/join-invoices`");
    expect(markdownCode("a`b")).toBe("``a`b``");
    expect(markdownCode("``x`` and ```")).toBe("```` ``x`` and ``` ````");
    expect(markdownCode("a|b", { cell: true })).toBe("`a\\|b`");
    expect(markdownCode("a|b")).toBe("`a|b`");
  });
});

describe("markdownLink: the links Tally writes stay one link to where they say", () => {
  it("percent-encodes what would end or split the destination", () => {
    expect(markdownUrl("https://tally.example.com/compare?runs=run-a,run%2Fb&a=run-a")).toBe(
      "https://tally.example.com/compare?runs=run-a,run%2Fb&a=run-a",
    );
    expect(markdownUrl("https://t.example/runs/a)b(c")).toBe("https://t.example/runs/a%29b%28c");
    expect(markdownUrl("https://t.example/a b<c>|[d]`e\\f\"g'h")).toBe(
      "https://t.example/a%20b%3Cc%3E%7C%5Bd%5D%60e%5Cf%22g%27h",
    );
    expect(markdownUrl("https://t.example/é")).toBe("https://t.example/%C3%A9");
  });

  it("a hostile label and URL make exactly one link with an inert label", () => {
    for (const { text } of MARKDOWN_HOSTILE) {
      const md = markdownLink(markdownText(text), `https://t.example/runs/${text}`);
      const [, label, url] = /^\[(.*)\]\(([^()\s<>`|[\]\\]*)\)$/s.exec(md) ?? [];
      expect(url, md).toBeDefined();
      expect(activeMarkup(label!)).toEqual([]);
    }
  });
});
