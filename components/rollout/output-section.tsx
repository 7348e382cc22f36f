import { EvidenceRefs } from "@/components/checks/check-badges";
import type { TextHead } from "@/lib/text-head";
import type { ResolvedRef } from "@/lib/traces";
import { textUrl } from "@/lib/views/api-urls";
import styles from "./rollout-page.module.css";
import { TextHeadBlock } from "./text-block";

/**
 * The agent's final output and the rollout's error, side by side, as text (each cut, with "show all"); under the
 * output, the evidence it cites (`[e3]`), each a link to the trace step carrying it.
 */
export function OutputSection({
  agentOutput,
  error,
  citations = [],
  rolloutApi,
}: {
  agentOutput: TextHead | null;
  error: TextHead | null;
  citations?: readonly ResolvedRef[];
  /** The rollout's API, for "show all"; null in a shared copy. */
  rolloutApi: string | null;
}) {
  return (
    <section className="section" aria-labelledby="output-heading">
      <h2 id="output-heading">Agent output and error</h2>
      <div className={styles.outputs}>
        <div>
          <h3>Agent output</h3>
          <TextHeadBlock
            text={agentOutput}
            url={rolloutApi ? textUrl(rolloutApi, "agentOutput") : null}
            testId="agent-output"
            what="agent output"
          />
          {citations.length > 0 ? (
            <div className={styles.citations} data-testid="answer-citations">
              <span className={styles.citationsLabel}>Cites</span>
              <EvidenceRefs refs={citations.map((c) => c.ref)} resolved={citations} />
            </div>
          ) : null}
        </div>
        <div>
          <h3>Error</h3>
          <TextHeadBlock
            text={error}
            url={rolloutApi ? textUrl(rolloutApi, "error") : null}
            tone="error"
            testId="rollout-error"
            what="error"
          />
        </div>
      </div>
    </section>
  );
}
