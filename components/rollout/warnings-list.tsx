import { clip, count } from "@/lib/display/format";

/** Warnings listed; a file can give one per check, and the rest are counted. */
const SHOWN = 50;

/** Integrity and format warnings of a rollout, as a callout list (text only; the first SHOWN, each clipped). */
export function WarningsList({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="callout" role="note" data-testid="rollout-warnings">
      <strong>
        {warnings.length === 1 ? "1 warning" : `${count(warnings.length)} warnings`} about this rollout&apos;s data
      </strong>
      <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
        {warnings.slice(0, SHOWN).map((w, i) => (
          <li key={i} style={{ overflowWrap: "anywhere" }}>
            {clip(w, 1_000)}
          </li>
        ))}
        {warnings.length > SHOWN ? <li>and {count(warnings.length - SHOWN)} more</li> : null}
      </ul>
    </div>
  );
}
