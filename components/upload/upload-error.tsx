import { bytes } from "@/lib/display/format";
import type { UploadOutcome } from "./upload-response";
import styles from "./upload.module.css";

type Failure = Extract<UploadOutcome, { kind: "invalid-fields" | "unauthorized" | "too-large" | "failed" | "network" }>;

/** A failed upload: what happened, in the server's words when it gave some, and what to do next. */
export function UploadError({
  outcome,
  maxBytes,
  hadToken,
}: {
  outcome: Failure;
  maxBytes: number;
  hadToken: boolean;
}) {
  let title: string;
  let advice: React.ReactNode;
  let serverMessage: string | null = null;
  switch (outcome.kind) {
    case "too-large":
      title = `Too large: this server accepts up to ${bytes(maxBytes)} per upload`;
      advice = (
        <>
          Upload the folders in smaller batches, zip them (results compress well), or ingest from a terminal with{" "}
          <code>npx tally ingest path/to/results</code>, which has no size limit.
        </>
      );
      serverMessage = outcome.message;
      break;
    case "unauthorized":
      title = hadToken ? "The ingest token was not accepted" : "This server needs an ingest token to accept uploads";
      advice = hadToken
        ? "Check the token (it is the server's TALLY_INGEST_TOKEN) and upload again."
        : "Enter the token in the field above (ask whoever runs this Tally server for it) and upload again.";
      break;
    case "invalid-fields":
      title = "Some details were not accepted";
      advice = (
        <ul className={styles.fieldErrors}>
          {outcome.fields.map((f) => (
            <li key={`${f.path}:${f.message}`}>
              <strong>{f.path || "form"}</strong>: {f.message}
            </li>
          ))}
        </ul>
      );
      serverMessage = outcome.fields.length === 0 ? outcome.message : null;
      break;
    case "network":
      title = "Could not reach the server";
      advice = "Check your connection and that Tally is still running, then upload again. Nothing was stored.";
      break;
    case "failed":
      title = `The upload failed (HTTP ${outcome.status})`;
      advice = "Try again in a moment. If it keeps failing, tell whoever runs this Tally server.";
      serverMessage = outcome.message;
      break;
  }
  return (
    <div className="callout callout-error" role="alert" data-testid="upload-error">
      <strong className={styles.errorTitle}>{title}</strong>
      {serverMessage ? <p className={styles.errorServer}>{serverMessage}</p> : null}
      <div className={styles.errorAdvice}>{advice}</div>
    </div>
  );
}
