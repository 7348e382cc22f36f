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

export function EvidenceRefs({ refs }: { refs: readonly string[] }) {
  if (refs.length === 0) return null;
  return (
    <ul className={styles.refs} aria-label="evidence references">
      {refs.map((ref, i) => (
        <li key={i} className={styles.ref}>
          {ref}
        </li>
      ))}
    </ul>
  );
}
