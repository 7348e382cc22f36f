import { bytes, count, plural } from "@/lib/display/format";
import { totalBytes, type PickedFile } from "./picked-files";
import styles from "./upload.module.css";

const SHOWN = 300;

/** The files about to be sent, by relative path, each removable. */
export function PickedList({
  files,
  disabled,
  onChange,
  tooBig,
  maxBytes,
}: {
  files: PickedFile[];
  disabled: boolean;
  onChange: (files: PickedFile[]) => void;
  tooBig: boolean;
  maxBytes: number;
}) {
  return (
    <section className={`card ${styles.picked}`} aria-label="Files to upload">
      <div className={styles.pickedHead}>
        <span>
          <strong>{plural(files.length, "file")}</strong> <span className="muted">· {bytes(totalBytes(files))}</span>
        </span>
        <button type="button" className="button button-small" disabled={disabled} onClick={() => onChange([])}>
          Remove all
        </button>
      </div>
      {tooBig ? (
        <div className="callout callout-error">
          Over this server&apos;s limit of {bytes(maxBytes)} per upload. Remove some files, upload the folders in
          batches, or use <code>npx tally ingest path/to/results</code>.
        </div>
      ) : null}
      <ul className={styles.pickedList}>
        {files.slice(0, SHOWN).map((p) => (
          <li key={p.path}>
            <code className={styles.pickedPath}>{p.path}</code>
            <span className={styles.pickedSize}>{bytes(p.file.size)}</span>
            <button
              type="button"
              className={styles.remove}
              disabled={disabled}
              aria-label={`Remove ${p.path}`}
              onClick={() => onChange(files.filter((f) => f.path !== p.path))}
            >
              ×
            </button>
          </li>
        ))}
        {files.length > SHOWN ? <li className="muted">…and {count(files.length - SHOWN)} more</li> : null}
      </ul>
    </section>
  );
}
