"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { TSearchQuery } from "@/lib/api/schemas/search";
import { writeSearchParams } from "./search-query";
import styles from "./search.module.css";

const SOURCES = ["agent", "tool", "user", "system", "environment"] as const;

/**
 * The search box and its filters, a GET form of the page's own URL: Enter searches (without JavaScript too),
 * Esc in the box clears it and the results.
 */
export function SearchForm({
  action,
  query,
  tools,
}: {
  /** The page's path; the form's fields become its query. */
  action: string;
  query: Partial<TSearchQuery>;
  /** The tools the run's traces call, most used first. */
  tools: { tool: string; steps: number }[];
}) {
  const router = useRouter();
  const [q, setQ] = useState(query.q ?? "");
  const toolNames = tools.map((t) => t.tool);
  // Without JavaScript the form is sent as it is; with it, the URL leaves out empty fields and defaults.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const search = writeSearchParams({
      q: field("q")?.trim(),
      mode: field("mode") as TSearchQuery["mode"] | undefined,
      tool: field("tool"),
      errors: field("errors") === "1" ? "1" : "0",
      source: field("source") as TSearchQuery["source"] | undefined,
    });
    router.push(search === "" ? action : `${action}?${search}`);
  };
  if (query.tool && !toolNames.includes(query.tool)) toolNames.unshift(query.tool);
  return (
    <form
      action={action}
      method="get"
      onSubmit={submit}
      className={styles.form}
      role="search"
      aria-label="Search the run's traces"
    >
      <div className={styles.queryRow}>
        <label className="visually-hidden" htmlFor="search-q">
          Search the traces
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.preventDefault();
            setQ("");
            router.push(action);
          }}
          placeholder="pip install, permission denied, timeout…"
          autoComplete="off"
          className={styles.query}
          data-testid="search-input"
          maxLength={500}
        />
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
      <div className={styles.filters}>
        <label>
          Match{" "}
          <select name="mode" defaultValue={query.mode ?? "words"} data-testid="search-mode">
            <option value="words">every word</option>
            <option value="phrase">the exact phrase</option>
            <option value="regex">a regular expression</option>
          </select>
        </label>
        <label>
          Tool{" "}
          <select name="tool" defaultValue={query.tool ?? ""} data-testid="search-tool">
            <option value="">any</option>
            {toolNames.map((tool) => (
              <option key={tool} value={tool}>
                {tool}
              </option>
            ))}
          </select>
        </label>
        <label>
          Step by{" "}
          <select name="source" defaultValue={query.source ?? ""}>
            <option value="">anyone</option>
            {SOURCES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            name="errors"
            value="1"
            defaultChecked={query.errors === "1"}
            data-testid="search-errors"
          />{" "}
          Only failed tool results
        </label>
      </div>
    </form>
  );
}
