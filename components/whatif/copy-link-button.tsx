"use client";

import { useEffect, useRef, useState } from "react";
import styles from "./whatif.module.css";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure origin, old browser, denied): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Copies the page URL (which holds the scenario); when the browser refuses, shows it selected to copy by hand. */
export function CopyLinkButton() {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const [url, setUrl] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === "manual") field.current?.select();
    if (state !== "copied") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <span className={styles.copy}>
      <button
        type="button"
        className="button button-small"
        data-testid="whatif-copy-link"
        onClick={async () => {
          const href = window.location.href;
          setUrl(href);
          setState((await copyText(href)) ? "copied" : "manual");
        }}
      >
        {state === "copied" ? "Link copied" : "Copy link"}
      </button>
      <span role="status" className={styles.srOnly}>
        {state === "copied" ? "Link to this scenario copied" : ""}
      </span>
      {state === "manual" ? (
        <input
          ref={field}
          className={styles.manualCopy}
          readOnly
          value={url}
          aria-label="Link to this scenario: copy it"
          onBlur={() => setState("idle")}
        />
      ) : null}
    </span>
  );
}
