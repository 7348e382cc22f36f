import { apiUrls, type TRolloutRef } from "@/lib/api/client-routes";
import type { Citation } from "@/lib/views/rollout-trace";
import { TextBlock } from "@/components/rollout/text-block";
import { bytes } from "@/lib/display/format";
import type { TraceRead } from "@/lib/traces";
import { TraceView } from "./trace-view";
import styles from "./trace.module.css";

/** Steps rendered with the page; the browser fetches the rest from the trace API. */
const FIRST_PAGE = 200;

/** The entries of a by-step record for the first `steps` steps: the page sends those, the trace API the rest. */
function withinSteps<T>(byStep: Record<number, T>, steps: number): Record<number, T> {
  return Object.fromEntries(Object.entries(byStep).filter(([step]) => Number(step) < steps));
}

/** The rollout's trace: its steps, or the raw text with why it could not be read, or one line saying there is none. */
export function TraceSection({
  read,
  rolloutApi,
  citations,
  citedBy = {},
  firstPage = FIRST_PAGE,
}: {
  read: TraceRead;
  /** The rollout's API URL: its trace pages are at `/trace`, its images at `/image`. */
  rolloutApi: TRolloutRef;
  citations: Record<number, Citation[]>;
  /** How many checks cite each step that more cite than `citations` lists. */
  citedBy?: Record<number, number>;
  /** Steps rendered with the page (a page that holds the whole trace gives its length). */
  firstPage?: number;
}) {
  return (
    <section className="section" aria-labelledby="trace-heading">
      <h2 id="trace-heading">Trace</h2>
      {read.kind === "none" ? (
        <p className="muted" data-testid="trace-none">
          No trace recorded for this rollout ({read.why}).
        </p>
      ) : read.kind === "raw" ? (
        <div data-testid="trace-raw">
          <p className={styles.missing}>
            The trace {read.raw.path} could not be read: {read.raw.why}. Its {read.raw.truncated ? "start" : "text"} (
            {bytes(read.raw.bytes)}) as stored:
          </p>
          <TextBlock text={read.raw.text} />
        </div>
      ) : (
        <>
          <p className="section-note">
            What the agent did, step by step, read from {read.trace.path} ({read.trace.format}).
          </p>
          {read.trace.warnings.length > 0 ? (
            <ul className={styles.warnings}>
              {read.trace.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          ) : null}
          <TraceView
            traceUrl={apiUrls.rolloutTrace(rolloutApi)}
            imageUrl={apiUrls.rolloutImage(rolloutApi)}
            totals={read.trace.totals}
            firstSteps={read.trace.steps.slice(0, firstPage)}
            errorSteps={read.trace.indexed?.errors}
            citations={withinSteps(citations, firstPage)}
            citedBy={withinSteps(citedBy, firstPage)}
          />
        </>
      )}
    </section>
  );
}
