"use client";

import { useStaticSite } from "@/components/ui/static-site";
import { useState } from "react";
import { apiBytes } from "@/lib/api/client";
import { bytes } from "@/lib/display/format";
import { downloadName, fileUrl } from "./file-url";
import styles from "./rollout-page.module.css";

/** Shown inline up to this many bytes; the download link always has the whole file. */
const DISPLAY_CAP = 200 * 1024;

type View =
  | { state: "closed" }
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "open"; text: string; size: number; truncated: boolean };

function RawFile({ path, sha256 }: { path: string; sha256: string }) {
  const [view, setView] = useState<View>({ state: "closed" });
  const url = fileUrl(sha256, path);
  const open = view.state !== "closed";

  async function toggle() {
    if (open) return setView({ state: "closed" });
    setView({ state: "loading" });
    const result = await apiBytes(url);
    if (!result.ok) return setView({ state: "error", message: result.message });
    const body = new Uint8Array(result.data);
    setView({
      state: "open",
      text: new TextDecoder().decode(body.subarray(0, DISPLAY_CAP)),
      size: body.length,
      truncated: body.length > DISPLAY_CAP,
    });
  }

  return (
    <li className={styles.file} data-testid="raw-file">
      <div className={styles.fileHead}>
        <span className={styles.filePath}>{path}</span>
        <span className={styles.fileSha} title={`sha256 ${sha256}`}>
          sha256 {sha256.slice(0, 12)}…
        </span>
        <span className={styles.fileActions}>
          <button type="button" className="button button-small" aria-expanded={open} onClick={toggle}>
            {open ? "Hide" : "View"}
          </button>
          <a className="button button-small" href={url} download={downloadName(path)}>
            Download
          </a>
        </span>
      </div>
      {view.state === "loading" ? <p className="muted">Loading…</p> : null}
      {view.state === "error" ? (
        <p className="callout callout-error" role="alert">
          {view.message}
        </p>
      ) : null}
      {view.state === "open" ? (
        <>
          {view.truncated ? (
            <p className={`callout ${styles.capNote}`}>
              Showing the first {bytes(DISPLAY_CAP)} of {bytes(view.size)}. Download the file for all of it.
            </p>
          ) : null}
          <pre className={styles.raw} tabIndex={0} aria-label={`Contents of ${path}`}>
            {view.text}
          </pre>
        </>
      ) : null}
    </li>
  );
}

/** Each ingested file of the rollout: view its raw text on demand, or download it. */
export function RawFiles({ files }: { files: { path: string; sha256: string }[] }) {
  const staticSite = useStaticSite();
  if (files.length === 0) return <p className="muted">No raw file is stored for this rollout.</p>;
  if (staticSite)
    return (
      <>
        <p className="muted">The raw files stay with Tally: this shared copy lists them but does not hold them.</p>
        <ul className={styles.files}>
          {files.map((f) => (
            <li key={`${f.path}|${f.sha256}`} className={styles.file} data-testid="raw-file">
              <div className={styles.fileHead}>
                <span className={styles.filePath}>{f.path}</span>
                <span className={styles.fileSha}>sha256 {f.sha256.slice(0, 12)}…</span>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <ul className={styles.files}>
      {files.map((f) => (
        <RawFile key={`${f.path}|${f.sha256}`} path={f.path} sha256={f.sha256} />
      ))}
    </ul>
  );
}
