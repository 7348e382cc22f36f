"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useTransition } from "react";
import { DEFAULT_FDR } from "@/lib/scoring/series/false-discovery";
import styles from "./fdr-control.module.css";

/** The false discovery rates offered; a rate the address gives that is not among them is offered too. */
const CHOICES = [0.01, 0.05, 0.1, 0.2] as const;

/**
 * The false discovery rate q of a page's corrected tests, as its `fdr` URL parameter (left out at the
 * default). The page is computed on the server: a change navigates, and the page's "at q = …" sentence
 * follows. A native select, so the keyboard and screen readers work as everywhere.
 */
export function FdrControl({ q }: { q: number }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();
  const choices = CHOICES.some((c) => c === q) ? CHOICES : [...CHOICES, q].sort((x, y) => x - y);
  const choose = (value: number) => {
    const params = new URLSearchParams(search.toString());
    if (value === DEFAULT_FDR) params.delete("fdr");
    else params.set("fdr", String(value));
    params.delete("page");
    const query = params.toString().replace(/%2C/gi, ",");
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };
  return (
    <span className={styles.control} data-pending={pending || undefined}>
      <label htmlFor={id}>False discovery rate</label>
      <select
        id={id}
        value={String(q)}
        onChange={(e) => choose(Number(e.target.value))}
        aria-describedby={`${id}-note`}
        data-testid="fdr-control"
      >
        {choices.map((c) => (
          <option key={c} value={String(c)}>
            q = {c}
            {c === DEFAULT_FDR ? " (default)" : ""}
          </option>
        ))}
      </select>
      <span id={`${id}-note`} className={styles.note} aria-live="polite">
        {pending ? "Correcting again…" : ""}
      </span>
    </span>
  );
}
