import styles from "./rollout-page.module.css";
import { TextBlock } from "./text-block";

/** The agent's final output and the rollout's error, side by side, as text. */
export function OutputSection({ agentOutput, error }: { agentOutput: string | null; error: string | null }) {
  return (
    <section className="section" aria-labelledby="output-heading">
      <h2 id="output-heading">Agent output and error</h2>
      <div className={styles.outputs}>
        <div>
          <h3>Agent output</h3>
          <TextBlock text={agentOutput} testId="agent-output" />
        </div>
        <div>
          <h3>Error</h3>
          <TextBlock text={error} tone="error" testId="rollout-error" />
        </div>
      </div>
    </section>
  );
}
