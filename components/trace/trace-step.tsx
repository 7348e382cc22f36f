import {
  CUT_TEXT_CHARS,
  imageDisplay,
  type ImageRef,
  type ToolResult,
  type TraceContent,
  type TraceJson,
  type StepMetrics,
  type TraceStep,
} from "@/lib/traces";
import { useEffect, useRef } from "react";
import type { Citation } from "@/lib/views/rollout-trace";
import { count, usd } from "@/lib/display/format";
import { useStaticSite } from "@/components/ui/static-site";
import { checkAnchor, stepAnchor, stepNumber } from "@/components/evidence/anchors";
import { CollapsibleText } from "./collapsible-text";
import { stepHasError } from "./step-search";
import styles from "./trace.module.css";

function pretty(value: TraceJson): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/**
 * An image of the trace: a stored raster file from the rollout's image route, a raster `data:` URL from the
 * trace itself, or its name with why it is not shown. `imageUrl` is the route, taking `?path=`.
 */
function TraceImage({ image, imageUrl }: { image: ImageRef; imageUrl: string }) {
  const display = imageDisplay(image);
  const staticSite = useStaticSite();
  if (display.kind === "stored" && staticSite)
    return (
      <div className={`${styles.image} muted`}>image {display.path} (stored with Tally, not in this shared copy)</div>
    );
  if (display.kind === "missing")
    return (
      <div className={`${styles.image} ${styles.missing}`} data-testid="trace-image-missing">
        image not stored: {display.path}
      </div>
    );
  if (display.kind === "named")
    return (
      <div className={`${styles.image} muted`}>
        image {display.written} ({display.why})
      </div>
    );
  const src =
    display.kind === "stored" ? `${imageUrl}?${new URLSearchParams({ path: display.path }).toString()}` : display.url;
  const alt =
    display.kind === "stored" ? `image ${display.path}` : `image in the trace (${image.mediaType ?? "inline data"})`;
  // next/image would re-encode the stored bytes through its optimiser; the trace shows the file as stored.
  // eslint-disable-next-line @next/next/no-img-element -- a stored file or data: URL, shown as is
  const img = <img className={styles.picture} src={src} alt={alt} loading="lazy" data-testid="trace-image" />;
  return (
    <figure className={styles.image}>
      {display.kind === "stored" ? (
        <a href={src} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      ) : (
        img
      )}
      {display.kind === "stored" ? <figcaption className={styles.caption}>{display.path}</figcaption> : null}
    </figure>
  );
}

function Content({ content, error, imageUrl }: { content: TraceContent; error: boolean; imageUrl: string }) {
  const tone = error ? "error" : "plain";
  if (typeof content === "string") return <CollapsibleText text={content} tone={tone} />;
  return (
    <>
      {content.map((part, i) =>
        part.type === "text" ? (
          <CollapsibleText key={i} text={part.text} tone={tone} />
        ) : part.type === "image" ? (
          <TraceImage key={i} image={part.image} imageUrl={imageUrl} />
        ) : (
          <CollapsibleText key={i} text={pretty(part.value)} tone={tone} />
        ),
      )}
    </>
  );
}

function Result({ result, answers, imageUrl }: { result: ToolResult; answers?: string; imageUrl: string }) {
  return (
    <div className={`${styles.result} ${result.isError ? styles.resultError : ""}`}>
      <div className={styles.partLabel}>
        {result.isError ? "error result" : "result"}
        {answers !== undefined ? (
          <>
            {" of "}
            <span className={styles.answers}>{answers}</span>
          </>
        ) : null}
        {result.callId !== null ? (
          <span className={`${styles.stepId} ${styles.callId}`} title={result.callId}>
            {" "}
            · call {result.callId}
          </span>
        ) : null}
      </div>
      <Content content={result.content} error={result.isError} imageUrl={imageUrl} />
    </div>
  );
}

/** A step's usage as recorded ("812 in · 41 out · 768 cached · $0.0120"); null when it recorded none. */
export function stepUsage(metrics: StepMetrics | null): string | null {
  if (!metrics) return null;
  const parts = [
    metrics.inputTokens === null ? null : `${count(metrics.inputTokens)} in`,
    metrics.outputTokens === null ? null : `${count(metrics.outputTokens)} out`,
    metrics.cachedTokens === null ? null : `${count(metrics.cachedTokens)} cached`,
    metrics.costUsd === null ? null : usd(metrics.costUsd),
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(" · ");
}

/** How far a subagent's steps are indented, per level; deeper levels stop indenting so narrow screens keep room. */
const MAX_INDENT_LEVELS = 4;

/** The checks citing a step, each a link to its row in the checks table. */
function CitedBy({ citations, total }: { citations: readonly Citation[]; total: number }) {
  return (
    <div className={styles.cited} data-testid="step-cited-by">
      cited by{" "}
      {citations.map((c, i) => (
        <span key={c.order}>
          {i > 0 ? ", " : null}
          <a
            href={`#${checkAnchor(c.order)}`}
            className={styles.citedLink}
            aria-label={`check ${c.key} in the checks table`}
            data-testid="step-cited-by-link"
          >
            {c.key}
          </a>
        </span>
      ))}
      {total > citations.length ? <span> and {count(total - citations.length)} more</span> : null}
    </div>
  );
}

/**
 * One step: its number, source, time, text, reasoning, each tool call with its arguments and the results that
 * answer it directly under it; results answering calls of earlier steps follow on their own. `focus` moves
 * the keyboard focus to it once it is drawn (an evidence link led here), then `onFocused` says it is done.
 */
export function TraceStepView({
  step,
  highlighted,
  focus = false,
  onFocused,
  citedBy,
  citedByTotal,
  callNames,
  imageUrl,
  onWhole,
}: {
  step: TraceStep;
  highlighted: boolean;
  focus?: boolean;
  onFocused?: () => void;
  citedBy: readonly Citation[];
  /** How many checks cite the step, when more than `citedBy` lists. */
  citedByTotal?: number;
  /** Names of the calls loaded so far, by call id: a result in a later step says which call it answers. */
  callNames: ReadonlyMap<string, string>;
  /** The rollout's image route (`?path=` names the file). */
  imageUrl: string;
  /** Reads the step again whole, when it came with its long texts cut (`step.cut`). */
  onWhole?: (index: number) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus) return;
    ref.current?.focus({ preventScroll: true });
    onFocused?.();
  }, [focus, onFocused]);
  const callIds = new Set(step.toolCalls.map((c) => c.id));
  const loose = step.results.filter((r) => r.callId === null || !callIds.has(r.callId));
  const error = stepHasError(step);
  // A step with nothing else to show (a harness event) shows the fields the reader kept verbatim.
  const bare =
    step.text === null && step.reasoning === null && step.toolCalls.length === 0 && step.results.length === 0;
  const usage = stepUsage(step.metrics);
  const agent = step.subagent;
  return (
    <article
      ref={ref}
      className={`${styles.step} ${agent ? styles.subagentStep : ""} ${error ? styles.stepError : ""} ${highlighted ? styles.highlighted : ""}`}
      style={agent ? { marginLeft: `${Math.min(agent.depth, MAX_INDENT_LEVELS) * 20}px` } : undefined}
      data-subagent={agent ? agent.id : undefined}
      data-testid="trace-step"
      data-step={stepNumber(step.index)}
      data-error={error ? "true" : undefined}
      data-highlighted={highlighted ? "true" : undefined}
      id={stepAnchor(step.index)}
      tabIndex={-1}
      aria-label={`step ${count(stepNumber(step.index))}`}
    >
      <header className={styles.stepHead}>
        <span className={styles.stepNumber}>step {count(stepNumber(step.index))}</span>
        <span className={`${styles.source} ${styles[`source_${step.source}`] ?? ""}`}>{step.source}</span>
        {agent ? (
          <span
            className={styles.subagent}
            title={`subagent ${agent.id}, level ${agent.depth}`}
            data-testid="step-subagent"
          >
            subagent {agent.name ?? agent.id}
            {agent.name !== null && agent.name !== agent.id ? ` · ${agent.id}` : null}
          </span>
        ) : null}
        {step.id !== null ? <span className={styles.stepId}>id {step.id}</span> : null}
        {error ? <span className={styles.errorTag}>tool error</span> : null}
        {usage !== null ? (
          <span className={styles.usage} data-testid="step-usage">
            {usage}
          </span>
        ) : null}
        <span className={styles.time}>{step.at ?? "no time"}</span>
      </header>
      {step.cut && onWhole ? (
        <p className={styles.cutNote} data-testid="step-cut">
          Long texts cut at {count(CUT_TEXT_CHARS)} characters each ({count(step.cut.chars)} in all).{" "}
          <button
            type="button"
            className="button button-small"
            onClick={() => onWhole(step.index)}
            data-testid="step-show-whole"
          >
            Read the whole step
          </button>
        </p>
      ) : null}
      {citedBy.length > 0 ? <CitedBy citations={citedBy} total={citedByTotal ?? citedBy.length} /> : null}
      {step.reasoning !== null ? (
        <div className={styles.reasoning}>
          <div className={styles.partLabel}>reasoning</div>
          <CollapsibleText text={step.reasoning} tone="muted" />
        </div>
      ) : null}
      {step.text !== null ? <CollapsibleText text={step.text} /> : null}
      {step.images.map((image, i) => (
        <TraceImage key={i} image={image} imageUrl={imageUrl} />
      ))}
      {bare && Object.keys(step.extra).length > 0 ? (
        <dl className={styles.extra}>
          {Object.entries(step.extra).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {step.toolCalls.map((call) => (
        <div key={call.id} className={styles.call}>
          <div className={styles.callName}>
            {call.name}{" "}
            <span className={`${styles.stepId} ${styles.callId}`} title={call.id}>
              call {call.id}
            </span>
          </div>
          <CollapsibleText text={pretty(call.arguments)} />
          {step.results
            .filter((r) => r.callId === call.id)
            .map((r, i) => (
              <Result key={i} result={r} imageUrl={imageUrl} />
            ))}
        </div>
      ))}
      {loose.map((r, i) => (
        <Result
          key={i}
          result={r}
          answers={r.callId === null ? undefined : callNames.get(r.callId)}
          imageUrl={imageUrl}
        />
      ))}
    </article>
  );
}
