import { CollapsibleText } from "@/components/trace/collapsible-text";
import { count, duration, fixed } from "@/lib/display/format";
import type { SideOfPair } from "@/lib/views/side-by-side";
import { SideName } from "./pair-header";
import styles from "./side-by-side.module.css";

/** The agent's answer as text (collapsed when long), and the rollout's error when it has one. */
function Answer({ letter, side }: { letter: "A" | "B"; side: SideOfPair }) {
  const { agentOutput, error } = side.rollout;
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-answer-${letter}`}>
      <SideName letter={letter} side={side} />
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
function Measures({ letter, side }: { letter: "A" | "B"; side: SideOfPair }) {
  const r = side.rollout;
  return (
    <div className={`card ${styles.side}`} data-testid={`sbs-measures-${letter}`}>
      <SideName letter={letter} side={side} />
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

export function AnswersAndMeasures({ a, b }: { a: SideOfPair; b: SideOfPair }) {
  return (
    <>
      <section className="section" aria-labelledby="sbs-answers">
        <h2 id="sbs-answers">Answers</h2>
        <div className={styles.pair}>
          <Answer letter="A" side={a} />
          <Answer letter="B" side={b} />
        </div>
      </section>
      <section className="section" aria-labelledby="sbs-measures">
        <h2 id="sbs-measures">Measures</h2>
        <div className={styles.pair}>
          <Measures letter="A" side={a} />
          <Measures letter="B" side={b} />
        </div>
      </section>
    </>
  );
}
