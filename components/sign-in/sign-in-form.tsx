"use client";

import { api, apiUrls } from "@/lib/api/client-routes";
import { useState } from "react";
import styles from "./sign-in.module.css";

type Problem = "missing" | "rejected" | "failed" | null;

const MESSAGES: Record<Exclude<Problem, null>, string> = {
  missing: "Enter the token.",
  rejected:
    "That token was not accepted. Use this server's TALLY_READ_TOKEN (or its TALLY_INGEST_TOKEN) and try again.",
  failed: "The server could not be reached. Try again.",
};

/**
 * The sign-in form: one password field. With JavaScript it POSTs JSON to /api/session and then opens `next`;
 * without, the same form posts to /api/session, which redirects. The token goes only in the request body: never in
 * the URL, never in storage, never logged. The server keeps an HttpOnly cookie holding an HMAC of the token.
 */
export function SignInForm({ next, initialProblem }: { next: string; initialProblem: "missing" | "rejected" | null }) {
  const [token, setToken] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem>(initialProblem);

  const submit = async () => {
    if (!token.trim()) {
      setProblem("missing");
      return;
    }
    setSending(true);
    setProblem(null);
    const result = await api.signIn(token, next);
    if (result.ok) {
      setToken("");
      // A full load, so every server component renders again with the new cookie.
      window.location.replace(next);
      return;
    }
    setProblem(result.status === 401 ? "rejected" : result.status === 422 ? "missing" : "failed");
    setSending(false);
  };

  return (
    <form
      method="post"
      action={apiUrls.session()}
      className={`card ${styles.panel}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <input type="hidden" name="next" value={next} />
      <label className={styles.field}>
        <span>Access token</span>
        <input
          type="password"
          name="token"
          autoComplete="current-password"
          spellCheck={false}
          required
          autoFocus
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-invalid={problem === "rejected" || problem === "missing"}
          aria-describedby="sign-in-note"
          data-testid="read-token"
        />
      </label>
      <p id="sign-in-note" className={styles.note}>
        Ask whoever runs this Tally server for its read token. This browser then stays signed in until the token
        changes.
      </p>
      {problem ? (
        <div className="callout callout-error" role="alert">
          {MESSAGES[problem]}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Signing in…" : "Sign in"}
        </button>
      </div>
    </form>
  );
}

/** Clears the session cookie (DELETE /api/session) and reloads the sign-in page. */
export function SignOutButton() {
  const [sending, setSending] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={sending}
      onClick={async () => {
        setSending(true);
        await api.signOut();
        window.location.replace("/sign-in");
      }}
    >
      Sign out
    </button>
  );
}
