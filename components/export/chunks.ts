import { useEffect, useState } from "react";
import { CHUNK_GLOBAL } from "@/lib/views/bundle-data";

/*
 * The bundle's chunk files (details/<n>.js, traces/<n>.js, traces/index.js), loaded on demand by adding a
 * classic script: each calls window.__tallyChunk(name, data). A file:// page may not fetch, but it may do this.
 */
const waiting = new Map<string, (data: unknown) => void>();
const loaded = new Map<string, Promise<unknown>>();

function install() {
  const global = window as unknown as Record<string, unknown>;
  if (typeof global[CHUNK_GLOBAL] === "function") return;
  global[CHUNK_GLOBAL] = (name: string, data: unknown) => waiting.get(name)?.(data);
}

/** The data of the chunk `name` (its path without `.js`), loaded once. */
export function loadChunk<T>(name: string): Promise<T> {
  let found = loaded.get(name);
  if (!found) {
    install();
    found = new Promise<unknown>((resolve, reject) => {
      waiting.set(name, (data) => {
        waiting.delete(name);
        resolve(data);
      });
      const script = document.createElement("script");
      script.src = `${name}.js`;
      script.onerror = () => {
        waiting.delete(name);
        loaded.delete(name);
        reject(new Error(`${name}.js is missing from this copy: unpack the whole folder and open index.html again.`));
      };
      document.head.appendChild(script);
    });
    loaded.set(name, found);
  }
  return found as Promise<T>;
}

export type Loaded<T> = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; data: T };

/** A chunk's data as component state; `name` null loads nothing and stays ready with null. */
export function useChunk<T>(name: string | null): Loaded<T | null> {
  const [result, setResult] = useState<{ name: string | null; loaded: Loaded<T | null> }>({
    name: null,
    loaded: { state: "ready", data: null },
  });
  useEffect(() => {
    if (name === null) return;
    let live = true;
    loadChunk<T>(name).then(
      (data) => live && setResult({ name, loaded: { state: "ready", data } }),
      (error: Error) => live && setResult({ name, loaded: { state: "error", message: error.message } }),
    );
    return () => {
      live = false;
    };
  }, [name]);
  if (name === null) return { state: "ready", data: null };
  return result.name === name ? result.loaded : { state: "loading" };
}
