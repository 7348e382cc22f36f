import { describe, expect, it } from "vitest";
import { compareBody } from "@/lib/api/compare-body";
import type { ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";
import { compareReports } from "@/lib/scoring/report/compare";
import { computeReport } from "@/lib/scoring/report/report";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { MARKDOWN_HOSTILE } from "./__fixtures__/markdown-hostile";
import { pieces } from "./__fixtures__/markdown-read";
import { compareMarkdown } from "./compare-markdown";

const BASE = "https://tally.example.com";
const hostile = MARKDOWN_HOSTILE.map((h) => h.text);

/**
 * A run whose task keys, dimension names and name are the hostile strings: every task passes in A and fails in
 * B, so every key is listed among the flips and the regressions, and every dimension in the table.
 */
function run(name: string, passes: boolean): ScoringRun {
  const tasks = hostile.map((text, i) => ({ key: `${text}#${i}`, taskId: text, name: text, group: null, weight: 1 }));
  const rollouts: ScoringRollout[] = tasks.map((task, i) => ({
    id: `${task.key}/r`,
    task: task.key,
    status: "scored",
    rule: "checks",
    reportedPassed: null,
    reportedReward: null,
    penalties: 0,
    gate: null,
    checks: [
      {
        key: hostile[i]!,
        label: hostile[i]!,
        passed: passes,
        score: passes ? 1 : 0,
        required: true,
        dimension: hostile[i]!,
        status: "graded",
        weight: null,
        failureTag: null,
      },
    ],
  }));
  return { name, format: "silo", tasks, rollouts, passThreshold: 1 };
}

function hostileComment(baseUrl?: string): string {
  const [a, b] = [run(hostile[0]!, true), run(hostile[2]!, false)];
  // A scenario naming hostile checks, so its description (written under its name) holds them.
  const scenario: Scenario = {
    required: [
      { check: hostile[6]!, required: true },
      { check: hostile[9]!, required: true },
    ],
  };
  const [ra, rb] = [computeReport(a, scenario), computeReport(b, scenario)];
  const body = compareBody(
    {
      a: { ref: { id: "run)a", name: a.name }, run: a, report: ra },
      b: { ref: { id: "run b", name: b.name }, run: b, report: rb, comparison: compareReports(ra, rb) },
    },
    scenario,
  );
  return compareMarkdown(body, { baseUrl, regressions: 1000, flips: 1000, scenarioName: hostile[4] });
}

/** Tally's own markup: the HTML it writes and the start of the lines it writes. */
const OWN_HTML = ["<details>", "<summary>", "</summary>", "</details>"];

describe("compareMarkdown with hostile names, keys and dimensions", () => {
  for (const baseUrl of [undefined, `${BASE}/`]) {
    it(`shows every string as text, with only Tally's own links and HTML${baseUrl ? " (with --base-url)" : ""}`, () => {
      const md = hostileComment(baseUrl);
      const text = pieces(md)
        .filter((p) => p.kind === "text")
        .map((p) => p.text.replace(/\\[!-/:-@[-`{-~]/g, " "))
        .join("\u0000");

      // No image, and no HTML but the details block's own tags.
      expect(text).not.toContain("![");
      const tags = text.match(/<[a-z!/?][^>]*>?/gi) ?? [];
      expect(tags.filter((t) => !OWN_HTML.includes(t))).toEqual([]);
      expect(tags.length).toBe(4);
      // Links: only Tally's, each going where Tally says.
      const destinations = [...text.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]!);
      if (baseUrl) {
        // The title, then two per task in each of the flips and the regressions.
        expect(destinations).toHaveLength(1 + 4 * hostile.length);
        for (const d of destinations) expect(d).toMatch(/^https:\/\/tally\.example\.com\/[^\s()<>`|[\]\\]*$/);
        expect(destinations[0]).toMatch(
          /^https:\/\/tally\.example\.com\/compare\?runs=run%29a,run%20b&a=run%29a&scenario=%7B/,
        );
      } else expect(destinations).toEqual([]);
      // Outside Tally's link destinations: no bare URL or mention, no entity, no emphasis (Tally's own bold
      // aside) or math.
      const prose = text.replace(/\]\([^)]*\)/g, "]");
      expect(prose.match(/.{0,20}(:\/\/|www\.|@\w).{0,20}/gi)).toBeNull();
      expect(prose).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i);
      expect(prose.replace(/\*\*/g, "").match(/.{0,30}[*_~$].{0,10}/g)).toBeNull();
      // Every line is one Tally wrote: its headings, its one list item, its table rows with their cells.
      const lines = md.split("\n");
      expect(lines.filter((l) => l.startsWith("#"))).toEqual([
        expect.stringMatching(/^### Tally: /),
        "#### Flips",
        "#### Dimensions",
        "#### Top regressions (completion per task)",
      ]);
      expect(lines.filter((l) => l.startsWith("- "))).toHaveLength(1);
      // A cell boundary is a pipe that is not escaped (escaped ones stay in their cell, in code too).
      const cells = (row: string) => row.replace(/\\\|/g, "").split("|").length - 2;
      const table = (header: string) => {
        const start = lines.indexOf(header);
        const end = lines.indexOf("", start);
        return lines.slice(start + 2, end);
      };
      const dims = table("| Metric | Tasks | A | B | B − A | 95% CI | Verdict |");
      const worst = table("| Task | A | B | B − A | Flip | Corrected p | Called |");
      const schemes = table("| Scheme | Unscored | A | B | B − A | 95% CI | Verdict |");
      expect(dims.length).toBe(hostile.length + 2);
      expect(worst.length).toBe(hostile.length);
      expect(schemes.length).toBe(3);
      for (const row of dims) expect(cells(row), row).toBe(7);
      for (const row of worst) expect(cells(row), row).toBe(7);
      for (const row of schemes) expect(cells(row), row).toBe(7);
      expect(lines.filter((l) => l.startsWith("|"))).toHaveLength(3 * 2 + dims.length + worst.length + 3);
    });
  }

  it("writes names escaped, keys and linked words as code, the scenario's words escaped", () => {
    const lines = hostileComment(`${BASE}/`).split("\n");
    expect(lines[0]).toMatch(
      /^### Tally: \[\\<img `src=https:\/\/evil\.example\/p\.png>` vs `!\[\]\(https:\/\/evil\.example\/pixel\.png\)` \(baseline\)\]\(https:\/\/tally\.example\.com\/compare\?/,
    );
    expect(lines).toContain(
      "**Scenario:** `<script>alert(1)</script>`: \\[click me\\](javascript:alert(1)) made required; \\[^1\\] made required",
    );
    expect(lines).toContain(
      "| \\*\\*bold\\*\\* and \\_\\_bold\\_\\_ | 1 of 52 tasks | 100.0% | 0.0% | −100.0 pp | — | ? No interval: it needs at least 2 common tasks |",
    );
    expect(lines).toContain(
      "| [`*em* and _em_#32`](https://tally.example.com/runs/run%20b/tasks/*em*%20and%20_em_%2332) " +
        "([A](https://tally.example.com/runs/run%29a/tasks/*em*%20and%20_em_%2332)) | 100.0% | 0.0% | −100.0 pp | pass → fail | 1.000 |  |",
    );
  });
});
