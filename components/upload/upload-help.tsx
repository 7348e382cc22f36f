import type { FormatId } from "@/lib/formats/types";
import { FORMAT_HELP, inDisplayOrder } from "./format-help";
import { bytes } from "@/lib/display/format";
import styles from "./upload.module.css";

/** What the page accepts and the terminal alternative. */
export function UploadHelp({ maxBytes, formats }: { maxBytes: number; formats: readonly FormatId[] }) {
  return (
    <aside className={`card ${styles.help}`} aria-label="About uploads">
      <section>
        <h2>What you can upload</h2>
        <p>The format is detected from the files.</p>
        <ul>
          {inDisplayOrder(formats).map((id) => (
            <li key={id}>
              <strong>{FORMAT_HELP[id].name}</strong>: {FORMAT_HELP[id].files}
            </li>
          ))}
          <li>A .zip of any of these.</li>
        </ul>
      </section>
      <section>
        <h2>How files become runs</h2>
        <p>
          One upload makes one run (one per eval of a Harbor job, one per agent and model of BenchFlow results), named
          after the folder you drop unless you name it. Files Tally cannot read are rejected with the reason; the rest
          is still stored. Uploading the same file again changes nothing.
        </p>
      </section>
      <section>
        <h2>From a terminal</h2>
        <pre>
          <code>npx tally ingest path/to/results</code>
        </pre>
        <p>
          Same result, no size limit (uploads here stop at {bytes(maxBytes)}), and handy in CI. Add{" "}
          <code>--run NAME</code>, <code>--agent</code>, <code>--model</code> or <code>--baseline</code>.
        </p>
      </section>
    </aside>
  );
}
