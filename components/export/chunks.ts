import { bytesOfBase64 } from "@/lib/scoring/wire/base64";
import { useEffect, useState } from "react";
import { CHUNK_GLOBAL, CHUNK_GZIP_GLOBAL } from "@/lib/views/bundle-data";

/*
 * The bundle's chunk files (details/<n>.js, traces/<n>.js, traces/index.js), loaded on demand by adding a
 * classic script: each calls window.__tallyChunk(name, data), or a details chunk window.__tallyChunkGzip(name,
 * base64 of its gzipped JSON). A file:// page may not fetch, but it may do this, and inflate bytes it holds.
 */
const waiting = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();
const loaded = new Map<string, Promise<unknown>>();

/** The JSON value of gzipped bytes given as base64. */
async function inflateJson(base64: string): Promise<unknown> {
  const bytes = bytesOfBase64(base64);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text()) as unknown;
}

function install() {
  const global = window as unknown as Record<string, unknown>;
  if (typeof global[CHUNK_GLOBAL] === "function") return;
  global[CHUNK_GLOBAL] = (name: string, data: unknown) => waiting.get(name)?.resolve(data);
  global[CHUNK_GZIP_GLOBAL] = (name: string, base64: string) => {
    const wait = waiting.get(name);
    if (!wait) return;
    inflateJson(base64).then(wait.resolve, () =>
      wait.reject(new Error(`${name}.js could not be read: it may be damaged; copy the whole folder again.`)),
    );
  };
}

/** The data of the chunk `name` (its path without `.js`), loaded once. */
export function loadChunk<T>(name: string): Promise<T> {
  let found = loaded.get(name);
  if (!found) {
    install();
    found = new Promise<unknown>((resolve, reject) => {
      waiting.set(name, {
        resolve: (data) => {
          waiting.delete(name);
          resolve(data);
        },
        reject: (error) => {
          waiting.delete(name);
          loaded.delete(name);
          reject(error);
        },
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
