import { EvidenceRefs } from "@/components/checks/check-badges";
import type { ResolvedRef } from "@/lib/traces";
import styles from "./rollout-page.module.css";
import { TextBlock } from "./text-block";

/**
 * The agent's final output and the rollout's error, side by side, as text; under the output, the evidence it
 * cites (`[e3]`), each a link to the trace step carrying it.
 */
export function OutputSection({
  agentOutput,
  error,
  citations = [],
}: {
  agentOutput: string | null;
  error: string | null;
  citations?: readonly ResolvedRef[];
}) {
  return (
    <section className="section" aria-labelledby="output-heading">
      <h2 id="output-heading">Agent output and error</h2>
      <div className={styles.outputs}>
        <div>
          <h3>Agent output</h3>
          <TextBlock text={agentOutput} testId="agent-output" />
          {citations.length > 0 ? (
            <div className={styles.citations} data-testid="answer-citations">
              <span className={styles.citationsLabel}>Cites</span>
              <EvidenceRefs refs={citations.map((c) => c.ref)} resolved={citations} />
            </div>
          ) : null}
        </div>
        <div>
          <h3>Error</h3>
          <TextBlock text={error} tone="error" testId="rollout-error" />
        </div>
      </div>
    </section>
  );
}
