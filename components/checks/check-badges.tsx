import type { ResolvedRef } from "@/lib/traces";
import styles from "./checks.module.css";
import { requiredWord } from "./words";

const DIMENSION_CLASS: Record<string, string | undefined> = {
  correctness: styles.dimCorrectness,
  authority: styles.dimAuthority,
  grounding: styles.dimGrounding,
};

export function DimensionBadge({ dimension }: { dimension: string }) {
  return (
    <span
      className={`badge ${styles.dimension} ${DIMENSION_CLASS[dimension] ?? styles.dimCustom}`}
      title={`dimension: ${dimension}`}
    >
      {dimension}
    </span>
  );
}

export function RequiredBadge({ required }: { required: boolean | "required" | "optional" | "mixed" }) {
  const isRequired = required === true || required === "required" || required === "mixed";
  return <span className={`badge ${isRequired ? styles.required : styles.optional}`}>{requiredWord(required)}</span>;
}

export function FailureTag({ tag }: { tag: string }) {
  return (
    <span className={styles.tag} title="failure tag">
      {tag}
    </span>
  );
}

/**
 * A check's evidence refs. Given their resolution against the rollout's trace, a resolved ref links to its step
 * (`#trace-step-<index>`, which the trace view scrolls to and highlights) and an unresolved one says so.
 */
export function EvidenceRefs({ refs, resolved }: { refs: readonly string[]; resolved?: readonly ResolvedRef[] }) {
  if (refs.length === 0) return null;
  return (
    <ul className={styles.refs} aria-label="evidence references">
      {refs.map((ref, i) => {
        const step = resolved?.[i]?.step;
        return (
          <li key={i} className={styles.ref}>
            {step !== undefined && step !== null ? (
              <a href={`#trace-step-${step}`} data-testid="evidence-link" title={`step ${step + 1} of the trace`}>
                {ref} → step {step + 1}
              </a>
            ) : resolved ? (
              <span data-testid="evidence-unresolved" title="no step of the trace carries this ref">
                {ref} (unresolved)
              </span>
            ) : (
              ref
            )}
          </li>
        );
      })}
    </ul>
  );
}
