"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type FormEvent } from "react";
import { saveIngestToken, savedIngestToken } from "@/lib/api/ingest-token";
import { normaliseScenario } from "@/lib/scoring/scenario/scenario-edit";
import { savedScenarioFor, ZScenarioName, type SavedScenarioSummary } from "@/lib/scoring/scenario/named-scenario";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { loadSavedScenario, saveScenario, type SaveOutcome } from "./save-scenario";
import styles from "./saved-scenarios.module.css";
import { useStaticSite } from "@/components/ui/static-site";
import { IngestTokenField } from "@/components/ui/ingest-token-field";
import { useEscape } from "@/components/ui/use-escape";

/** What the pages hand the browser of a saved scenario: never its body, fetched when it is picked. */
export type SavedScenarioItem = SavedScenarioSummary;

/**
 * A select of the saved scenarios; choosing one fetches its body (GET /api/scenarios/:name) and applies it
 * (the caller writes the URL's `scenario`). Only the latest choice is applied when answers cross.
 */
export function SavedScenarioPicker({
  saved,
  current,
  onApply,
}: {
  saved: readonly SavedScenarioItem[];
  current: Scenario;
  onApply: (scenario: Scenario) => void;
}) {
  const [loading, setLoading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(0);
  if (saved.length === 0) return null;
  const named = savedScenarioFor(current, saved);
  const choose = (name: string) => {
    const ask = ++latest.current;
    setProblem(null);
    if (name === "") {
      setLoading(null);
      return onApply({});
    }
    setLoading(name);
    void loadSavedScenario(name).then((loaded) => {
      if (ask !== latest.current) return;
      setLoading(null);
      if ("scenario" in loaded) onApply(loaded.scenario);
      else setProblem(loaded.message);
    });
  };
  return (
    <label className={styles.field}>
      <span>Saved scenario</span>
      <select
        value={loading ?? named?.name ?? ""}
        onChange={(e) => choose(e.target.value)}
        aria-busy={loading !== null}
        data-testid="scenario-picker"
      >
        <option value="">{named ? "As recorded" : "— choose one —"}</option>
        {saved.map((s) => (
          <option key={s.name} value={s.name} title={s.description || undefined}>
            {s.name}
            {s.declared ? " (declared)" : ""}
          </option>
        ))}
      </select>
      {problem ? (
        <span className={styles.problem} role="alert">
          {problem}
        </span>
      ) : null}
    </label>
  );
}

/**
 * "Save as…": stores the current scenario under a name (POST /api/scenarios), then refreshes the page so the
 * picker lists it. A server with an ingest token refuses it without one: the form then asks for the token,
 * kept in this tab as the upload page keeps it.
 */
export function SaveScenarioButton({ scenario }: { scenario: Scenario }) {
  // A static share bundle has no server to save to.
  return useStaticSite() ? null : <SaveScenarioForm scenario={scenario} />;
}

function SaveScenarioForm({ scenario }: { scenario: Scenario }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [needsToken, setNeedsToken] = useState(false);
  const [token, setToken] = useState("");
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();
  const checked = ZScenarioName.safeParse(name);
  const opener = useEscape(open, () => setOpen(false));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checked.success) return;
    if (needsToken) saveIngestToken(token);
    setSending(true);
    const result = await saveScenario({
      name: checked.data,
      description: description.trim(),
      scenario: normaliseScenario(scenario),
    });
    setSending(false);
    setOutcome(result);
    if (result.kind === "unauthorized") setNeedsToken(true);
    if (result.kind !== "ok") return;
    setOpen(false);
    setSavedAs(checked.data);
    startTransition(() => router.refresh());
  };

  return (
    <span className={styles.saveWrap}>
      <button
        ref={opener}
        type="button"
        className="button button-small"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          setOutcome(null);
          setSavedAs(null);
          setToken(savedIngestToken() ?? "");
        }}
        data-testid="scenario-save-as"
      >
        Save as…
      </button>
      {savedAs && !pending ? (
        <span role="status" className={styles.saved} data-testid="scenario-saved">
          Saved as “{savedAs}”
        </span>
      ) : null}
      {open ? (
        <form
          className={`card popover ${styles.form}`}
          onSubmit={(e) => void submit(e)}
          aria-label="Save this scenario"
        >
          <label className={styles.field}>
            <span>Name</span>
            <input
              type="text"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              data-testid="scenario-name"
            />
          </label>
          <label className={styles.field}>
            <span>Description (optional)</span>
            <input
              type="text"
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              data-testid="scenario-description"
            />
          </label>
          {needsToken ? (
            <IngestTokenField value={token} onChange={setToken} className={styles.field} testId="scenario-token" />
          ) : null}
          {outcome?.kind === "unauthorized" ? (
            <p className={styles.problem} role="alert">
              This server needs its ingest token to save: enter it and try again.
            </p>
          ) : outcome?.kind === "failed" ? (
            <p className={styles.problem} role="alert">
              {outcome.message}
            </p>
          ) : null}
          <div className={styles.buttons}>
            <button
              type="submit"
              className="button button-small button-primary"
              disabled={!checked.success || sending}
              data-testid="scenario-save"
            >
              {sending ? "Saving…" : "Save"}
            </button>
            <button type="button" className="button button-small" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </span>
  );
}
