import type { Json } from "@/lib/formats/types";
import styles from "./json-tree.module.css";

function Scalar({ value }: { value: Json }) {
  if (value === null) return <span className={styles.null}>null</span>;
  if (typeof value === "string") return <span className={styles.string}>{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className={styles.number}>{String(value)}</span>;
  if (typeof value === "boolean") return <span className={styles.boolean}>{String(value)}</span>;
  return null;
}

function summary(value: Json[] | { [key: string]: Json }): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? "item" : "items"}]`;
  const n = Object.keys(value).length;
  return `{${n} ${n === 1 ? "field" : "fields"}}`;
}

/**
 * Levels drawn before the tree stops: each level is three elements deep, and Chromium's HTML parser flattens
 * anything nested past 512 elements, which breaks hydration. The raw file below the tree has everything.
 */
const MAX_DEPTH = 40;

function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name: string | null;
  value: Json;
  depth: number;
  openDepth: number;
}) {
  const key = name === null ? null : <span className={styles.key}>{name}</span>;
  if (depth >= MAX_DEPTH && value !== null && typeof value === "object") {
    return (
      <li className={styles.leaf}>
        {key}
        {key ? <span className={styles.colon}>: </span> : null}
        <span className={styles.count}>
          {summary(value)} · nested deeper than {MAX_DEPTH} levels: see the raw file
        </span>
      </li>
    );
  }
  if (value === null || typeof value !== "object") {
    return (
      <li className={styles.leaf}>
        {key}
        {key ? <span className={styles.colon}>: </span> : null}
        <Scalar value={value} />
      </li>
    );
  }
  const entries: [string, Json][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  if (entries.length === 0) {
    return (
      <li className={styles.leaf}>
        {key}
        {key ? <span className={styles.colon}>: </span> : null}
        <span className={styles.null}>{Array.isArray(value) ? "[]" : "{}"}</span>
      </li>
    );
  }
  return (
    <li>
      <details open={depth < openDepth} className={styles.branch}>
        <summary>
          {key}
          {key ? <span className={styles.colon}>: </span> : null}
          <span className={styles.count}>{summary(value)}</span>
        </summary>
        <ul className={styles.list}>
          {entries.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * A JSON value as a collapsible tree of text (keys and values are React text, never markup). Native
 * <details> elements, so it needs no client script and works by keyboard.
 */
export function JsonTree({ value, label = null, open = true }: { value: Json; label?: string | null; open?: boolean }) {
  const openDepth = open ? 2 : 0;
  // An unlabelled object shows its fields at the top level, without a root node to open.
  if (
    label === null &&
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
  ) {
    return (
      <ul className={`${styles.list} ${styles.root}`}>
        {Object.entries(value).map(([k, v]) => (
          <Node key={k} name={k} value={v} depth={1} openDepth={openDepth} />
        ))}
      </ul>
    );
  }
  return (
    <ul className={`${styles.list} ${styles.root}`}>
      <Node name={label} value={value} depth={0} openDepth={openDepth} />
    </ul>
  );
}
