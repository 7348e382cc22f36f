import type { TextHead } from "@/lib/text-head";
import { CutText, type FullTextUrl } from "@/components/ui/cut-text";
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

/**
 * A long text from a result file as the page carries it (its head, lib/text-head.ts): verbatim in a
 * scrolling <pre>, with "show all" fetching the rest from `url` when it was cut.
 */
export function TextHeadBlock({
  text,
  url,
  tone = "plain",
  testId,
  what,
}: {
  text: TextHead | null;
  url: FullTextUrl;
  tone?: "plain" | "error";
  testId?: string;
  what: string;
}) {
  if (text === null) return <p className="muted">Not recorded.</p>;
  if (!text.cut && text.head.trim() === "") return <p className="muted">Empty.</p>;
  return (
    <CutText
      as="pre"
      focusable
      text={text}
      url={url}
      className={`${styles.textBlock} ${tone === "error" ? styles.textError : ""}`}
      testId={testId}
      what={what}
    />
  );
}
