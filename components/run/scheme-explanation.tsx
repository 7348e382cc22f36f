import type { SchemeExplanation } from "@/lib/scoring/view/explain-schemes";
import styles from "./scheme-explanation.module.css";

/** "Why task-equal and pooled differ", for this run; the sentences come from lib/scoring/explain-schemes. */
export function SchemeExplanationNote({ explanation }: { explanation: SchemeExplanation }) {
  return (
    <aside className={styles.note} aria-labelledby="why-schemes">
      <h3 id="why-schemes">Why task-equal and pooled differ</h3>
      {explanation.sentences.map((s, i) => (
        <p key={i}>{s}</p>
      ))}
      <p className={styles.hint}>
        Neither is wrong: task-equal answers “how well does it do on a typical task”, pooled answers “what share of all
        graded verdicts did it earn”.
      </p>
    </aside>
  );
}
