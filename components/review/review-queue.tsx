"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import Link from "@/components/ui/link";
import { stepAnchor, stepNumber } from "@/components/evidence/anchors";
import { rolloutHref } from "@/lib/views/hrefs";
import { count, deltaPp } from "@/lib/display/format";
import { REVIEW_LIMITS } from "@/lib/scoring/reviews/review-input";
import type { Review, ReviewVerdict } from "@/lib/scoring/reviews/review-types";
import { reviewProgress, standingByReviewer, verdictKey, type QueueItem } from "@/lib/scoring/view/review-queue";
import { fetchItemDetail, type ItemDetail } from "./review-item-detail";
import { postReview } from "./post-review";
import styles from "./review-queue.module.css";

const CHOICES: { verdict: ReviewVerdict; key: string; text: string }[] = [
  { verdict: "pass", key: "1", text: "Pass" },
  { verdict: "fail", key: "2", text: "Fail" },
  { verdict: "unsure", key: "3", text: "Unsure" },
];

const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);

/**
 * The review queue: one recorded verdict at a time, in the order reviewQueue gives, answered pass / fail /
 * unsure with a reason. Keyboard: 1/2/3 choose, Enter sends, J/K next/previous, R reads the item again.
 * Blind mode hides the recorded verdict and the grader's reason until this reviewer has answered.
 */
export function ReviewQueue({
  runId,
  items,
  total,
  initialReviews,
}: {
  runId: string;
  items: readonly QueueItem[];
  /** Verdicts in the whole queue (items may be its first part). */
  total: number;
  initialReviews: readonly Review[];
}) {
  const [reviews, setReviews] = useState<readonly Review[]>(initialReviews);
  const [name, setName] = useState("");
  const [reviewer, setReviewer] = useState<string | null>(null);
  const [blind, setBlind] = useState(true);
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<ReviewVerdict | null>(null);
  const [reason, setReason] = useState("");
  const [token, setToken] = useState("");
  const [needsToken, setNeedsToken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [details, setDetails] = useState<ReadonlyMap<string, ItemDetail | string>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const itemRef = useRef<HTMLElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const item = items[index] ?? null;
  const key = item ? verdictKey(item.rollout, item.check) : "";
  const standing = useMemo(() => standingByReviewer(reviews), [reviews]);
  const progress = useMemo(() => reviewProgress(items, standing), [items, standing]);
  const own = reviewer === null ? undefined : standing.get(reviewer)?.get(key);
  const revealed = !blind || own !== undefined;
  const detail = details.get(key);

  useEffect(() => {
    if (!item || reviewer === null) return;
    let live = true;
    void fetchItemDetail(runId, item.rollout, item.check).then((d) => {
      if (live) setDetails((m) => new Map(m).set(verdictKey(item.rollout, item.check), d));
    });
    return () => {
      live = false;
    };
  }, [runId, item, reviewer, attempt]);

  const go = useCallback(
    (step: number) => {
      setIndex((i) => Math.min(Math.max(i + step, 0), Math.max(items.length - 1, 0)));
      setChoice(null);
      setReason("");
      setError(null);
      itemRef.current?.focus();
    },
    [items.length],
  );

  const send = useCallback(async () => {
    if (!item || reviewer === null || choice === null || sending) return;
    setSending(true);
    const body = { rollout: item.rollout, check: item.check, verdict: choice, reason, reviewer };
    const answer = await postReview(runId, body, token);
    setSending(false);
    if ("review" in answer) {
      setReviews((list) => [...list, answer.review]);
      setError(null);
      setNeedsToken(false);
      itemRef.current?.focus();
      return;
    }
    if (answer.status === 401) setNeedsToken(true);
    setError(answer.message);
  }, [item, reviewer, choice, reason, sending, runId, token]);

  useEffect(() => {
    if (reviewer === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || inTextField(e.target)) return;
      const chosen = CHOICES.find((c) => c.key === e.key);
      if (chosen) {
        e.preventDefault();
        setChoice(chosen.verdict);
        reasonRef.current?.focus();
      } else if (e.key === "j" || e.key === "J") {
        e.preventDefault();
        go(1);
      } else if (e.key === "k" || e.key === "K") {
        e.preventDefault();
        go(-1);
      } else if (e.key === "r" || e.key === "R") {
        setAttempt((a) => a + 1);
      } else if (e.key === "Enter" && choice !== null && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        void send();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [reviewer, go, send, choice]);

  const start = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") return;
    setReviewer(trimmed);
    setIndex(firstUnanswered(items, standing.get(trimmed)));
    requestAnimationFrame(() => itemRef.current?.focus());
  };

  if (items.length === 0)
    return (
      <p className="callout" data-testid="queue-empty">
        This run has no graded verdicts to review: every check is ungraded or the run has none.
      </p>
    );

  if (reviewer === null)
    return (
      <form className={`card ${styles.start}`} onSubmit={start} data-testid="queue-start">
        <label>
          <span>Your name (kept with each review)</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={REVIEW_LIMITS.reviewer}
            autoComplete="name"
            required
            autoFocus
            data-testid="reviewer-name"
          />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.target.checked)} data-testid="blind" />
          <span>Blind: hide the recorded verdict and the grader’s reason until I have answered</span>
        </label>
        <button type="submit" className="button button-primary">
          Start reviewing
        </button>
        <Progress progress={progress} total={total} />
      </form>
    );

  return (
    <div className={styles.layout}>
      <article
        ref={itemRef}
        tabIndex={-1}
        className={`card ${styles.item}`}
        aria-labelledby="queue-check"
        data-testid="queue-item"
      >
        <p className={styles.position}>
          Verdict {count(index + 1)} of {count(items.length)}
          {item && item.lever !== 0 ? (
            <>
              {" "}
              · flipping it moves the headline by <span className="num">{deltaPp(item.lever)}</span>
            </>
          ) : null}
        </p>
        <h2 id="queue-check" data-testid="queue-check">
          {item?.label}
        </h2>
        <p className={styles.where}>
          Task <code>{item?.task}</code> · rollout{" "}
          {item ? <Link href={rolloutHref(runId, item.rollout)}>{item.rollout}</Link> : null} · check{" "}
          <code>{item?.check}</code> · graded by {item?.grader}
        </p>
        {typeof detail === "string" ? (
          <p className="callout callout-error" role="alert">
            {detail}
          </p>
        ) : detail === undefined ? (
          <p role="status" aria-busy="true">
            Reading the rollout…
          </p>
        ) : (
          <ItemBody detail={detail} runId={runId} rollout={item?.rollout ?? ""} />
        )}
        {revealed && item ? (
          <div className={styles.recorded} data-testid="recorded-verdict">
            <strong>Recorded verdict: {item.recorded ? "pass" : "fail"}</strong>
            {typeof detail === "object" && detail.reason ? (
              <p className={styles.text} data-testid="grader-reason">
                Grader’s reason: {detail.reason}
              </p>
            ) : null}
          </div>
        ) : (
          <p className={styles.hidden} data-testid="recorded-hidden">
            The recorded verdict is hidden until you answer (blind mode).
          </p>
        )}
      </article>
      <aside className={`card ${styles.answer}`} aria-label="Your review">
        {own ? (
          <p className={styles.done} data-testid="own-review" role="status">
            You answered <strong>{own.verdict}</strong>
            {own.reason ? <span className={styles.text}>: {own.reason}</span> : null}. Press J for the next.
          </p>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <fieldset className={styles.choices}>
            <legend>Verdict (keys 1, 2, 3)</legend>
            {CHOICES.map((c) => (
              <label key={c.verdict} className={styles.choice}>
                <input
                  type="radio"
                  name="verdict"
                  value={c.verdict}
                  checked={choice === c.verdict}
                  onChange={() => setChoice(c.verdict)}
                  data-testid={`choice-${c.verdict}`}
                />
                <span>
                  <kbd>{c.key}</kbd> {c.text}
                </span>
              </label>
            ))}
          </fieldset>
          <label className={styles.reason}>
            <span>Reason (Enter sends, Shift+Enter a new line, Esc back to the item)</span>
            <textarea
              ref={reasonRef}
              value={reason}
              maxLength={REVIEW_LIMITS.reason}
              rows={4}
              onChange={(e) => setReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) {
                  e.preventDefault();
                  void send();
                } else if (e.key === "Escape") {
                  e.preventDefault();
                  itemRef.current?.focus();
                }
              }}
              data-testid="review-reason"
            />
          </label>
          {needsToken ? (
            <label className={styles.reason}>
              <span>Review token (TALLY_REVIEW_TOKEN or TALLY_INGEST_TOKEN)</span>
              <input
                type="password"
                autoComplete="off"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                data-testid="review-token"
              />
            </label>
          ) : null}
          {error ? (
            <p className="callout callout-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="submit"
              className="button button-primary"
              disabled={choice === null || sending}
              data-testid="send-review"
            >
              {own ? "Change my review" : "Send review"} <kbd>Enter</kbd>
            </button>
            <button type="button" className="button" onClick={() => go(-1)} disabled={index === 0}>
              Previous <kbd>K</kbd>
            </button>
            <button type="button" className="button" onClick={() => go(1)} disabled={index >= items.length - 1}>
              Next <kbd>J</kbd>
            </button>
          </div>
        </form>
        <p className={styles.who}>
          Reviewing as <strong>{reviewer}</strong>
          {blind ? " · blind" : ""}
        </p>
        <Progress progress={progress} total={total} />
      </aside>
    </div>
  );
}

function ItemBody({ detail, runId, rollout }: { detail: ItemDetail; runId: string; rollout: string }) {
  return (
    <>
      <h3 className={styles.label}>Check detail</h3>
      <p className={styles.text} data-testid="queue-detail">
        {detail.detail ?? "The file gives no detail for this check."}
      </p>
      <h3 className={styles.label}>Agent’s answer</h3>
      <div className={styles.answerText} data-testid="queue-agent-output">
        {detail.agentOutput ?? "The file records no final answer for this rollout."}
      </div>
      <h3 className={styles.label}>Cited trace steps</h3>
      {detail.evidence.length === 0 ? (
        <p className={styles.muted}>The check cites no trace step.</p>
      ) : (
        <ul className={styles.evidence} data-testid="queue-evidence">
          {detail.evidence.map((e, i) => (
            <li key={i}>
              {e.step === null ? (
                <span>
                  <code>{e.ref}</code>: not found in the trace
                </span>
              ) : (
                <Link href={`${rolloutHref(runId, rollout)}#${stepAnchor(e.step)}`}>
                  <code>{e.ref}</code>: step {stepNumber(e.step)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Progress({ progress, total }: { progress: { reviewer: string; done: number }[]; total: number }) {
  return (
    <section className={styles.progress} aria-labelledby="queue-progress">
      <h3 id="queue-progress" className={styles.label}>
        Progress per reviewer
      </h3>
      {progress.length === 0 ? (
        <p className={styles.muted}>No reviews yet.</p>
      ) : (
        <ul data-testid="queue-progress">
          {progress.map((p) => (
            <li key={p.reviewer} data-testid={`progress-${p.reviewer}`}>
              <span className={styles.text}>{p.reviewer}</span>{" "}
              <span className="num">
                {count(p.done)} of {count(total)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where a reviewer resumes: the first verdict they have no standing review of. */
function firstUnanswered(items: readonly QueueItem[], own: ReadonlyMap<string, Review> | undefined): number {
  if (!own) return 0;
  const i = items.findIndex((item) => !own.has(verdictKey(item.rollout, item.check)));
  return i === -1 ? 0 : i;
}
