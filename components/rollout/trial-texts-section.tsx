import { TRIAL_TEXT_CAP, type TrialText, type TrialTexts } from "@/lib/api/trial-texts";
import { bytes } from "@/lib/display/format";
import { fileUrl } from "./file-url";
import { LongText } from "./long-text";
import styles from "./rollout-page.module.css";

function TrialTextBlock({
  title,
  file,
  tone,
  testId,
}: {
  title: string;
  file: TrialText;
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
          Cut to the first {bytes(TRIAL_TEXT_CAP)} of {bytes(file.bytes)}:{" "}
          <a href={fileUrl(file.sha256, file.path)}>download the whole file</a>.
        </p>
      ) : null}
      {file.text.trim() === "" ? <p className="muted">Empty.</p> : <LongText text={file.text} tone={tone} />}
    </div>
  );
}

/** What a Harbor trial folder says besides its scores: the verifier's test output and the trial's exception. */
export function TrialTextsSection({ texts }: { texts: TrialTexts }) {
  const { verifierOutput, exception } = texts;
  if (!verifierOutput && !exception) return null;
  return (
    <section className="section" aria-labelledby="trial-texts-heading">
      <h2 id="trial-texts-heading">Verifier output and exception</h2>
      <div className={styles.outputs}>
        {verifierOutput ? (
          <TrialTextBlock title="Verifier output" file={verifierOutput} tone="plain" testId="verifier-output" />
        ) : null}
        {exception ? <TrialTextBlock title="Exception" file={exception} tone="error" testId="trial-exception" /> : null}
      </div>
    </section>
  );
}
