"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { saveIngestToken, savedIngestToken } from "@/lib/api/ingest-token";
import { splitTags, ZTags } from "@/lib/run-tags";
import { sendRunChange, type RunChangeOutcome } from "./run-change";
import styles from "./run-manage.module.css";
import { IngestTokenField } from "@/components/ui/ingest-token-field";
import { useEscape } from "@/components/ui/use-escape";

type Panel = "rename" | "tags" | "delete" | null;

/** Where the runs table says which run was just deleted. */
export const deletedNoticeHref = (name: string) => `/?deleted=${encodeURIComponent(name)}`;

/**
 * The run page's Rename, Tags and Delete controls (PATCH and DELETE /api/runs/:id). Delete asks for the run's
 * name first and then opens the runs table with a notice. A server with an ingest token refuses them without
 * it: the control then asks for the token, kept in this tab as the upload page keeps it.
 */
export function RunManage({ runId, name, tags }: { runId: string; name: string; tags: readonly string[] }) {
  const router = useRouter();
  const [panel, setPanel] = useState<Panel>(null);
  const [newName, setNewName] = useState(name);
  const [tagText, setTagText] = useState(tags.join(", "));
  const [typed, setTyped] = useState("");
  const [outcome, setOutcome] = useState<RunChangeOutcome | null>(null);
  const [needsToken, setNeedsToken] = useState(false);
  const [token, setToken] = useState("");
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();
  const busy = sending || pending;
  const opener = useEscape(panel !== null, () => setPanel(null));

  const open = (next: Panel) => {
    setPanel((p) => (p === next ? null : next));
    setOutcome(null);
    setNewName(name);
    setTagText(tags.join(", "));
    setTyped("");
    setToken(savedIngestToken() ?? "");
  };

  const parsedTags = ZTags.safeParse(splitTags(tagText));
  const tagProblem = parsedTags.success ? null : (parsedTags.error.issues[0]?.message ?? "invalid tags");

  const send = async (e: FormEvent, change: Parameters<typeof sendRunChange>[1]) => {
    e.preventDefault();
    if (needsToken) saveIngestToken(token);
    setSending(true);
    setOutcome(null);
    const result = await sendRunChange(runId, change);
    setSending(false);
    setOutcome(result);
    if (result.kind === "unauthorized") setNeedsToken(true);
    if (result.kind !== "ok") return;
    if (change.method === "DELETE") {
      router.push(deletedNoticeHref(name));
      return;
    }
    setPanel(null);
    startTransition(() => router.refresh());
  };

  const tokenField = needsToken ? (
    <IngestTokenField value={token} onChange={setToken} className={styles.field} testId="manage-token" />
  ) : null;

  const problem =
    outcome?.kind === "unauthorized" ? (
      <p className={styles.problem} role="alert">
        This server needs its ingest token for changes: enter it and try again.
      </p>
    ) : outcome?.kind === "failed" ? (
      <p className={styles.problem} role="alert">
        {outcome.message}
      </p>
    ) : null;

  /**
   * How every panel ends: the token field once the server asked for it (the retry sends it), what went wrong,
   * then the panel's submit button and Cancel.
   */
  const footer = (submit: ReactNode) => (
    <>
      {tokenField}
      {problem}
      <div className={styles.actions}>
        {submit}
        <button type="button" className="button button-small" onClick={() => setPanel(null)}>
          Cancel
        </button>
      </div>
    </>
  );

  return (
    <div className={styles.wrap}>
      <div className={styles.buttons}>
        {(["rename", "tags", "delete"] as const).map((p) => (
          <button
            key={p}
            type="button"
            className={`button button-small ${p === "delete" ? styles.danger : ""}`}
            aria-expanded={panel === p}
            ref={(el) => {
              // Esc gives the focus back to the button of the panel that is open.
              if (el && p === panel) opener.current = el;
            }}
            onClick={() => open(p)}
            data-testid={`run-${p}`}
          >
            {p === "rename" ? "Rename" : p === "tags" ? "Tags" : "Delete"}
          </button>
        ))}
      </div>
      {panel === "rename" ? (
        <form
          className={`card popover ${styles.panel}`}
          onSubmit={(e) => void send(e, { method: "PATCH", body: { name: newName.trim() } })}
        >
          <label className={styles.field}>
            <span>Run name</span>
            <input
              type="text"
              maxLength={200}
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              autoFocus
              data-testid="rename-input"
            />
          </label>
          {footer(
            <button type="submit" className="button button-primary button-small" disabled={busy || !newName.trim()}>
              {busy ? "Saving…" : "Save name"}
            </button>,
          )}
        </form>
      ) : null}
      {panel === "tags" ? (
        <form
          className={`card popover ${styles.panel}`}
          onSubmit={(e) => {
            if (parsedTags.success) void send(e, { method: "PATCH", body: { tags: parsedTags.data } });
            else e.preventDefault();
          }}
        >
          <label className={styles.field}>
            <span>Tags, separated by commas</span>
            <input
              type="text"
              value={tagText}
              onChange={(e) => setTagText(e.target.value)}
              placeholder="e.g. nightly, agent-v2"
              autoFocus
              aria-invalid={tagProblem !== null}
              data-testid="tags-input"
            />
          </label>
          {tagProblem ? <p className={styles.problem}>{tagProblem}</p> : null}
          {footer(
            <button type="submit" className="button button-primary button-small" disabled={busy || !!tagProblem}>
              {busy ? "Saving…" : "Save tags"}
            </button>,
          )}
        </form>
      ) : null}
      {panel === "delete" ? (
        <form className={`card popover ${styles.panel}`} onSubmit={(e) => void send(e, { method: "DELETE" })}>
          <p className={styles.warning}>
            Deleting removes this run, its tasks, rollouts and the raw files no other run holds. It cannot be undone.
          </p>
          <label className={styles.field}>
            <span>
              Type <strong>{name}</strong> to confirm
            </span>
            <input
              type="text"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              data-testid="delete-confirm"
            />
          </label>
          {footer(
            <button
              type="submit"
              className={`button button-small ${styles.dangerSolid}`}
              disabled={busy || typed.trim() !== name.trim()}
              data-testid="delete-submit"
            >
              {busy ? "Deleting…" : "Delete this run"}
            </button>,
          )}
        </form>
      ) : null}
    </div>
  );
}
