import Link from "@/components/ui/link";
import type { SideBySide } from "@/lib/views/side-by-side";
import { AlignedTrace } from "./aligned-trace";
import { CheckDiffTable } from "./check-diff-table";
import { PairHeader } from "./pair-header";
import { AnswersAndMeasures } from "./side-details";

type Found = Extract<SideBySide, { kind: "found" }>;

/** Two rollouts in two columns: verdicts and check differences, answers and measures, the aligned traces. */
export function SideBySideView({ data }: { data: Found }) {
  const { a, b, checks, alignment } = data;
  const sameTask = a.rollout.taskKey === b.rollout.taskKey;
  return (
    <div data-testid="side-by-side">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / <Link href="/compare">Compare</Link> / <span>Side by side</span>
      </nav>
      <h1>Side by side</h1>
      <p className="section-note">
        {a.ref.runId === b.ref.runId ? "Two rollouts of one run" : "Rollouts of two runs"}
        {sameTask ? `, both of task ${a.rollout.taskKey}` : `: tasks ${a.rollout.taskKey} and ${b.rollout.taskKey}`}.
        Verdicts as recorded (no what-if).
      </p>
      <PairHeader a={a} b={b} />

      <section className="section" aria-labelledby="sbs-checks">
        <h2 id="sbs-checks">Check differences</h2>
        <CheckDiffTable rows={checks} />
      </section>

      <AnswersAndMeasures a={a} b={b} />

      <section className="section" aria-labelledby="sbs-trace">
        <h2 id="sbs-trace">Traces, aligned by tool calls</h2>
        <p className="section-note">
          Calls with the same name and arguments share a row; a call only one rollout made stands alone.
        </p>
        <AlignedTrace a={a} b={b} window={alignment} />
      </section>
    </div>
  );
}
