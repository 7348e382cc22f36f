import { TRIAL_TEXT_CAP, TRIAL_TEXT_TAIL, type TrialText, type TrialTexts } from "@/lib/views/trial-texts";
import { bytes } from "@/lib/display/format";
import { fileUrl } from "./file-url";
import { LongText } from "./long-text";
import styles from "./rollout-page.module.css";

function TrialTextBlock({
  title,
  file,
  tone,
  testId,
  fullUrl,
}: {
  title: string;
  file: TrialText;
  /** Whether the whole file can be fetched (not in a shared copy, which has no server). */
  fullUrl: boolean;
  tone: "plain" | "error";
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3>
        {title} <span className={styles.trialTextPath}>{file.path}</span>
      </h3>
      {file.truncated ? (
        <p className={`callout ${styles.capNote}`}>
          Its first {bytes(TRIAL_TEXT_CAP)} and last {bytes(TRIAL_TEXT_TAIL)} of {bytes(file.bytes)} are shown:{" "}
          <a href={fileUrl(file.sha256, file.path)}>download the whole file</a>.
        </p>
      ) : null}
      {file.text.trim() === "" && file.tail === null ? (
        <p className="muted">Empty.</p>
      ) : (
        <LongText
          text={file.text}
          tail={file.tail}
          bytes={file.bytes}
          fullUrl={fullUrl ? fileUrl(file.sha256, file.path) : null}
          tone={tone}
        />
      )}
    </div>
  );
}

/** What a Harbor trial folder says besides its scores: the verifier's test output and the trial's exception. */
export function TrialTextsSection({ texts, server = true }: { texts: TrialTexts; server?: boolean }) {
  const { verifierOutput, exception } = texts;
  if (!verifierOutput && !exception) return null;
  return (
    <section className="section" aria-labelledby="trial-texts-heading">
      <h2 id="trial-texts-heading">Verifier output and exception</h2>
      <div className={styles.outputs}>
        {verifierOutput ? (
          <TrialTextBlock
            title="Verifier output"
            file={verifierOutput}
            tone="plain"
            testId="verifier-output"
            fullUrl={server}
          />
        ) : null}
        {exception ? (
          <TrialTextBlock title="Exception" file={exception} tone="error" testId="trial-exception" fullUrl={server} />
        ) : null}
      </div>
    </section>
  );
}
