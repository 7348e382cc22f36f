import type { Metadata } from "next";
import { UploadForm } from "@/components/upload/upload-form";
import { UploadHelp } from "@/components/upload/upload-help";
import styles from "@/components/upload/upload.module.css";
import { env } from "@/lib/env";
import { FORMAT_IDS } from "@/lib/formats/registry";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Upload results" };

export default function UploadPage() {
  const { TALLY_MAX_UPLOAD_BYTES, TALLY_INGEST_TOKEN } = env();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Upload results</h1>
          <p>Add eval result files to Tally. Each upload becomes a run you can open, score and compare.</p>
        </div>
      </div>
      <div className={styles.layout}>
        {/* Only whether a token is needed reaches the page, never the token. */}
        <UploadForm maxBytes={TALLY_MAX_UPLOAD_BYTES} tokenRequired={TALLY_INGEST_TOKEN !== undefined} />
        <UploadHelp maxBytes={TALLY_MAX_UPLOAD_BYTES} formats={FORMAT_IDS} />
      </div>
    </>
  );
}
