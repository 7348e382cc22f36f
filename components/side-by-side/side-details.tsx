import { CollapsibleText } from "@/components/trace/collapsible-text";
import { count, duration, fixed } from "@/lib/display/format";
import type { SideColumn } from "@/lib/views/side-by-side";
import { columnsStyle, SideName } from "./rollout-cards";
import styles from "./side-by-side.module.css";

/** The agent's answer as text (collapsed when long), and the rollout's error when it has one. */
function Answer({ side }: { side: SideColumn }) {
  const { agentOutput, error } = side.rollout;
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-answer-${side.letter}`}>
      <SideName side={side} />
      {agentOutput === null ? (
        <p className="muted">No answer recorded.</p>
      ) : agentOutput.trim() === "" ? (
        <p className="muted">Empty answer.</p>
      ) : (
        <CollapsibleText text={agentOutput} />
      )}
      {error !== null && error.trim() !== "" ? <CollapsibleText text={error} tone="error" /> : null}
    </div>
  );
}

function Measure({ label, value, tone }: { label: string; value: string | null; tone?: "warn" }) {
  return (
    <div>
      <dt>{label}</dt>
      {value === null ? (
        <dd className={styles.notRecorded}>not recorded</dd>
      ) : (
        <dd className={tone === "warn" ? styles.warnText : undefined}>{value}</dd>
      )}
    </div>
  );
}

const orNull = <T,>(value: T | null, text: (v: T) => string) => (value === null ? null : text(value));

/** Duration, tokens, cost, tool calls and tool errors as the result file recorded them; never 0 for missing. */
function Measures({ side }: { side: SideColumn }) {
  const r = side.rollout;
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-measures-${side.letter}`}>
      <SideName side={side} />
      <dl className={styles.measures}>
        <Measure label="Duration" value={orNull(r.durationMs, duration)} />
        <Measure label="Tokens" value={orNull(r.tokens, count)} />
        <Measure label="Cost" value={orNull(r.costUsd, (c) => `$${fixed(c, 4)}`)} />
        <Measure label="Tool calls" value={orNull(r.toolCalls, count)} />
        <Measure label="Tool errors" value={orNull(r.toolErrors, count)} tone={r.toolErrors ? "warn" : undefined} />
      </dl>
    </div>
  );
}

export function AnswersAndMeasures({ columns }: { columns: readonly SideColumn[] }) {
  return (
    <>
      <section className="section" aria-labelledby="sbs-answers">
        <h2 id="sbs-answers">Answers</h2>
        <div className={styles.pair} style={columnsStyle(columns.length)}>
          {columns.map((side) => (
            <Answer key={side.letter} side={side} />
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="sbs-measures">
        <h2 id="sbs-measures">Measures</h2>
        <div className={styles.pair} style={columnsStyle(columns.length)}>
          {columns.map((side) => (
            <Measures key={side.letter} side={side} />
          ))}
        </div>
      </section>
    </>
  );
}
