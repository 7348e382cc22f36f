"use client";

import { useEffect, useRef, useState } from "react";
import { bytes } from "@/lib/display/format";
import { fromFileList, type PickedFile } from "./picked-files";
import { droppedEntries, walkDropped } from "./walk-dropped";
import styles from "./upload.module.css";

/**
 * Where files come in: drag and drop (files, whole folders, .zip archives), a file picker and a folder picker.
 * Reports files with their relative paths; `unreadable` lists dropped entries the browser would not hand over.
 */
export function DropZone({
  onFiles,
  maxBytes,
  disabled,
}: {
  onFiles: (files: PickedFile[], unreadable: string[]) => void;
  maxBytes: number;
  disabled: boolean;
}) {
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  // A file dropped beside the zone would make the browser leave the page to open it.
  useEffect(() => {
    const block = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    window.addEventListener("dragover", block);
    window.addEventListener("drop", block);
    return () => {
      window.removeEventListener("dragover", block);
      window.removeEventListener("drop", block);
    };
  }, []);

  const onDrop = async (e: React.DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const { entries, files } = droppedEntries(e.dataTransfer);
    const loose = fromFileList(files);
    if (entries.length === 0) {
      onFiles(loose, []);
      return;
    }
    setReading(true);
    try {
      const walked = await walkDropped(entries);
      onFiles([...loose, ...walked.files], walked.unreadable);
    } finally {
      setReading(false);
    }
  };

  const onPicked = (e: React.ChangeEvent<HTMLInputElement>) => {
    if (e.target.files) onFiles(fromFileList(e.target.files), []);
    e.target.value = ""; // choosing the same file again still fires change
  };

  return (
    <div
      className={`${styles.dropZone} ${over ? styles.dropZoneOver : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? "none" : "copy";
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <div className={styles.dropIcon} aria-hidden>
        ⇪
      </div>
      <p className={styles.dropTitle}>
        {reading ? "Reading the dropped folders…" : "Drop result files, folders or a .zip here"}
      </p>
      <div className={styles.dropActions}>
        <button type="button" className="button" disabled={disabled} onClick={() => filesInput.current?.click()}>
          Choose files
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => folderInput.current?.click()}>
          Choose a folder
        </button>
      </div>
      <p className={styles.dropNote}>Up to {bytes(maxBytes)} per upload. Folders keep their structure.</p>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        onChange={onPicked}
        aria-label="Choose result files"
        data-testid="upload-file-input"
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        {...{ webkitdirectory: "" }}
        onChange={onPicked}
        aria-label="Choose a result folder"
        data-testid="upload-folder-input"
      />
    </div>
  );
}
