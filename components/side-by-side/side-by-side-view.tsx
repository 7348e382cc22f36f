import Link from "@/components/ui/link";
import { windowStart } from "@/lib/traces";
import type { SideBySide } from "@/lib/views/side-by-side";
import { sideBySideOfHref } from "@/lib/views/hrefs";
import { AlignedTrace } from "./aligned-trace";
import { CheckDiffTable } from "./check-diff-table";
import { rowAnchor } from "./divergence-note";
import { RolloutCards } from "./rollout-cards";
import { AnswersAndMeasures } from "./side-details";

type Found = Extract<SideBySide, { kind: "found" }>;

const COUNT_WORDS = ["", "", "Two", "Three", "Four"];

/** Two to four rollouts in columns: verdicts and check differences, answers and measures, the aligned traces. */
export function SideBySideView({ data }: { data: Found }) {
  const { columns, checks, alignment } = data;
  const refs = columns.map((c) => c.ref);
  const tasks = [...new Set(columns.map((c) => c.rollout.taskKey))];
  const runs = new Set(columns.map((c) => c.ref.runId)).size;
  const here = (from: number) => sideBySideOfHref(refs, { from });
  // A row in this window is a fragment; one in another window is that window's page with the fragment.
  const rowHref = (row: number) =>
    alignment && row >= alignment.from && row < alignment.from + alignment.rows.length
      ? `#${rowAnchor(row)}`
      : `${here(windowStart(row))}#${rowAnchor(row)}`;
  const n = columns.length;
  return (
    <div data-testid="side-by-side">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / <Link href="/compare">Compare</Link> / <span>Side by side</span>
      </nav>
      <h1>Side by side</h1>
      <p className="section-note">
        {runs === 1
          ? `${COUNT_WORDS[n]} rollouts of one run`
          : `Rollouts of ${runs === 2 ? "two" : runs === 3 ? "three" : "four"} runs`}
        {tasks.length === 1
          ? `, ${n === 2 ? "both" : "all"} of task ${tasks[0]}`
          : `: tasks ${tasks.slice(0, -1).join(", ")} and ${tasks[tasks.length - 1]}`}
        . Verdicts as recorded (no what-if).
      </p>
      <RolloutCards columns={columns} window={alignment} rowHref={rowHref} />

      <section className="section" aria-labelledby="sbs-checks">
        <h2 id="sbs-checks">Check differences</h2>
        <CheckDiffTable rows={checks} columns={columns} />
      </section>

      <AnswersAndMeasures columns={columns} />

      <section className="section" aria-labelledby="sbs-trace">
        <h2 id="sbs-trace">Traces, aligned to {columns[0]!.letter}</h2>
        <p className="section-note">
          Tool calls with the same name and arguments share a row, messages pair up in order between them; a step only
          some rollouts took stands alone. Each check is shown beside the step it cites.
        </p>
        <AlignedTrace columns={columns} window={alignment} here={here} rowHref={rowHref} />
      </section>
    </div>
  );
}
