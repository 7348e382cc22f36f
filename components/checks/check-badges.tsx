import type { ResolvedRef } from "@/lib/traces";
import { stepAnchor, stepNumber } from "@/components/evidence/anchors";
import Link from "@/components/ui/link";
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
 * (`#trace-step-7` for step 7, which the trace view scrolls to, highlights and focuses) and an unresolved one
 * says so. Where the trace is not read (the task page), `elsewhere` links every ref to the check's row on its
 * rollout page, where they resolve.
 */
export function EvidenceRefs({
  refs,
  resolved,
  elsewhere,
}: {
  refs: readonly string[];
  resolved?: readonly ResolvedRef[];
  elsewhere?: { href: string; page: string };
}) {
  if (refs.length === 0) return null;
  return (
    <ul className={styles.refs} aria-label="evidence references">
      {refs.map((ref, i) => {
        const step = resolved?.[i]?.step;
        return (
          <li key={i} className={styles.ref}>
            {step !== undefined && step !== null ? (
              <a
                href={`#${stepAnchor(step)}`}
                className={styles.refLink}
                data-testid="evidence-link"
                title={`step ${stepNumber(step)} of the trace`}
              >
                {ref} → step {stepNumber(step)}
              </a>
            ) : resolved ? (
              <span data-testid="evidence-unresolved" title="no step of the trace carries this ref">
                {ref} (unresolved)
              </span>
            ) : elsewhere ? (
              <Link
                href={elsewhere.href}
                className={styles.refLink}
                data-testid="evidence-elsewhere"
                title={`${ref} resolved against the trace on ${elsewhere.page}`}
              >
                {ref} <span className={styles.refWhere}>on {elsewhere.page}</span>
              </Link>
            ) : (
              ref
            )}
          </li>
        );
      })}
    </ul>
  );
}
