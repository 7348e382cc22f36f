import Link from "@/components/ui/link";
import { dateTime } from "@/lib/display/format";
import { EmptyState } from "@/components/ui/empty-state";
import type { RunListItem } from "@/lib/views/records";
import { RunPicker, type PickerRun } from "./run-picker";

/** The compare page before two runs are chosen: what it does, the runs to pick from, or how to get runs. */
export function PickRuns({
  runs,
  initial,
  unknown,
}: {
  runs: readonly RunListItem[];
  initial: readonly string[];
  unknown: readonly string[];
}) {
  const baseline = runs.find((r) => r.baseline);
  const start = initial.length > 0 ? initial : baseline ? [baseline.id] : [];
  const pickerRuns: PickerRun[] = runs.map((r) => ({
    id: r.id,
    name: r.name,
    agent: r.agent,
    model: r.model,
    date: dateTime(r.createdAt ?? r.ingestedAt),
    tasks: r.summary?.tasks ?? null,
    passRate: r.summary?.passRate ?? null,
    baseline: r.baseline,
    tags: r.tags,
  }));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Compare runs</h1>
          <p>
            Pick two or three runs. Tasks are aligned by key; each difference comes with its paired 95% interval, and
            pass↔fail flips with an exact McNemar test.
          </p>
        </div>
      </div>
      {unknown.length > 0 ? (
        <p className="callout callout-error" role="alert" style={{ marginBottom: 16 }}>
          {unknown.length === 1 ? "There is no run with id " : "There are no runs with ids "}
          {unknown.map((id, i) => (
            <span key={id}>
              {i > 0 ? ", " : ""}
              <code>{id}</code>
            </span>
          ))}
          . It may have been deleted; pick runs below.
        </p>
      ) : null}
      {runs.length === 0 ? (
        <EmptyState title="No runs to compare yet">
          <p>
            Comparisons need at least two runs. <Link href="/upload">Upload results</Link> or ingest them from a
            terminal:
          </p>
          <pre>npx tally ingest ./results --run my-agent-v1</pre>
        </EmptyState>
      ) : (
        <>
          {runs.length === 1 ? (
            <p className="callout callout-info" style={{ marginBottom: 16 }}>
              There is only one run so far. <Link href="/upload">Upload</Link> a second one to compare against it.
            </p>
          ) : null}
          <RunPicker runs={pickerRuns} initial={start} />
        </>
      )}
    </>
  );
}
