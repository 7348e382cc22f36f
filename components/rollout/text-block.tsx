import styles from "./rollout-page.module.css";

/** Text from a result file (agent output, error), shown verbatim as React text in a <pre>, never as markup. */
export function TextBlock({
  text,
  tone = "plain",
  testId,
}: {
  text: string | null;
  tone?: "plain" | "error";
  testId?: string;
}) {
  if (text === null) return <p className="muted">Not recorded.</p>;
  if (text.trim() === "") return <p className="muted">Empty.</p>;
  return (
    <pre
      className={`${styles.textBlock} ${tone === "error" ? styles.textError : ""}`}
      tabIndex={0}
      data-testid={testId}
    >
      {text}
    </pre>
  );
}
