"use client";

import { useEffect, useRef, useState } from "react";
import { plural } from "@/lib/display/format";
import { DropZone } from "./drop-zone";
import { savedIngestToken, saveIngestToken } from "@/lib/api/ingest-token";
import { PickedList } from "./picked-list";
import { bytes } from "@/lib/display/format";
import { mergePicked, totalBytes, type PickedFile } from "./picked-files";
import { sendUpload, type UploadFields, type UploadProgress } from "./send-upload";
import { UploadError } from "./upload-error";
import { UploadResult } from "./upload-result";
import type { UploadOutcome } from "./upload-response";
import styles from "./upload.module.css";
import { IngestTokenField } from "@/components/ui/ingest-token-field";

const NO_FIELDS: UploadFields = { run: "", agent: "", model: "", tags: "", series: "", baseline: false };

type Phase =
  | { name: "idle" }
  | { name: "uploading"; progress: UploadProgress; cancel: () => void }
  | { name: "done"; outcome: UploadOutcome };

/** The run's text details, in the order the form shows them; limits as the upload API takes them. */
const TEXT_FIELDS = [
  { name: "run", label: "Run name", maxLength: 200, placeholder: "From the files when left empty" },
  { name: "agent", label: "Agent", maxLength: 200, placeholder: "e.g. my-agent v2" },
  { name: "model", label: "Model", maxLength: 200, placeholder: "e.g. claude-sonnet-4" },
  { name: "tags", label: "Tags", maxLength: 1000, placeholder: "e.g. nightly, agent-v2" },
  { name: "series", label: "Series", maxLength: 80, placeholder: "e.g. nightly" },
] as const satisfies readonly { name: keyof UploadFields; label: string; maxLength: number; placeholder: string }[];

/** The upload page's form: pick files, optional run details, the token when the server wants one, send. */
export function UploadForm({ maxBytes, tokenRequired }: { maxBytes: number; tokenRequired: boolean }) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [fields, setFields] = useState<UploadFields>(NO_FIELDS);
  const [token, setToken] = useState("");
  const [showToken, setShowToken] = useState(tokenRequired);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [tokenSent, setTokenSent] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The token lives in this tab's sessionStorage only: never in the URL, never in localStorage.
  useEffect(() => {
    const saved = savedIngestToken();
    if (saved) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only after hydration
      setToken(saved);
      setShowToken(true);
    }
  }, []);

  const saveToken = (value: string) => {
    setToken(value);
    saveIngestToken(value);
  };

  const uploading = phase.name === "uploading";
  const size = totalBytes(files);
  const tooBig = size > maxBytes;

  const upload = async () => {
    if (files.length === 0 || uploading) return;
    const request = sendUpload(files, fields, token, (progress) =>
      setPhase((p) => (p.name === "uploading" ? { ...p, progress } : p)),
    );
    setTokenSent(token.trim() !== "");
    setPhase({ name: "uploading", progress: { loaded: 0, total: size }, cancel: request.cancel });
    const outcome = await request.done;
    if (outcome.kind === "cancelled") {
      setPhase({ name: "idle" });
      return;
    }
    if (outcome.kind === "unauthorized") setShowToken(true);
    if (outcome.kind === "done" || outcome.kind === "all-rejected") {
      setFiles([]);
      setUnreadable([]);
    }
    setPhase({ name: "done", outcome });
    requestAnimationFrame(() => outcomeRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  };

  const outcome = phase.name === "done" ? phase.outcome : null;

  return (
    <form
      method="post"
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
    >
      <DropZone
        maxBytes={maxBytes}
        disabled={uploading}
        onFiles={(added, skipped) => {
          setFiles((current) => mergePicked(current, added));
          setUnreadable(skipped);
        }}
      />
      {unreadable.length > 0 ? (
        <div className="callout">
          The browser would not read {plural(unreadable.length, "dropped item")}: {unreadable.slice(0, 5).join(", ")}
          {unreadable.length > 5 ? "…" : ""}. Choose them with the folder picker instead.
        </div>
      ) : null}

      {files.length > 0 ? (
        <PickedList files={files} disabled={uploading} onChange={setFiles} tooBig={tooBig} maxBytes={maxBytes} />
      ) : null}

      <fieldset className={`card ${styles.details}`} disabled={uploading}>
        <legend className="card-title">Run details (optional)</legend>
        <div className={styles.fieldGrid}>
          {TEXT_FIELDS.map(({ name, label, maxLength, placeholder }) => (
            <label key={name} className={styles.field}>
              <span>{label}</span>
              <input
                type="text"
                name={name}
                maxLength={maxLength}
                placeholder={placeholder}
                value={fields[name]}
                onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
              />
            </label>
          ))}
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            name="baseline"
            checked={fields.baseline}
            onChange={(e) => setFields({ ...fields, baseline: e.target.checked })}
          />
          <span>
            Mark as baseline <span className="muted">— the run others are compared against</span>
          </span>
        </label>
        <p className={styles.fieldNote}>A run name that already exists adds these files to that run.</p>
        {showToken ? (
          <IngestTokenField
            value={token}
            onChange={saveToken}
            className={`${styles.field} ${styles.tokenField}`}
            testId="ingest-token"
          >
            <small className="muted">
              This server requires a token to upload. It is kept in this browser tab only.
            </small>
          </IngestTokenField>
        ) : null}
      </fieldset>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={files.length === 0 || uploading || tooBig}>
          {files.length === 0 ? "Upload" : `Upload ${plural(files.length, "file")}`}
        </button>
        {uploading ? (
          <>
            <Progress progress={phase.progress} />
            <button type="button" className="button button-small" onClick={phase.cancel}>
              Cancel
            </button>
          </>
        ) : files.length === 0 ? (
          <span className="muted">
            {outcome ? "To upload more, choose or drop files above." : "Choose or drop files first."}
          </span>
        ) : null}
      </div>

      <div ref={outcomeRef}>
        {outcome?.kind === "done" || outcome?.kind === "all-rejected" ? (
          <UploadResult body={outcome.body} />
        ) : outcome ? (
          <UploadError outcome={outcome} maxBytes={maxBytes} hadToken={tokenSent} />
        ) : null}
      </div>
    </form>
  );
}

function Progress({ progress }: { progress: UploadProgress }) {
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const fraction = progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  return (
    <div className={styles.progress} role="status" aria-live="polite">
      <div className={styles.progressBar} data-done={sent || undefined}>
        <div className={styles.progressFill} style={{ width: `${(sent ? 1 : fraction) * 100}%` }} />
      </div>
      <span className={styles.progressText}>
        {sent
          ? "Sent. Reading and scoring on the server…"
          : `Uploading ${Math.round(fraction * 100)}% (${bytes(progress.loaded)} of ${bytes(progress.total)})`}
      </span>
    </div>
  );
}
