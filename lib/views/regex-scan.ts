import { Worker } from "node:worker_threads";

/*
 * A regular expression run over stored text on a worker thread, so a pattern that backtracks without end
 * (`(a+)+$` on a long run of a's) is stopped at its deadline by ending the thread, never blocking the server.
 * The worker is kept between calls and replaced after it is ended. The code is inline (eval), so no bundler
 * has to find a worker file.
 */

const WORKER_CODE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", ({ source, flags, texts, max }) => {
  const pattern = new RegExp(source, flags.includes("g") ? flags : flags + "g");
  const found = texts.map((text) => {
    const ranges = [];
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null && ranges.length < max; m = pattern.exec(text)) {
      if (m[0].length === 0) { pattern.lastIndex++; continue; }
      ranges.push([m.index, m.index + m[0].length]);
    }
    return ranges;
  });
  parentPort.postMessage(found);
});
`;

export class RegexTimeout extends Error {}

let worker: Worker | null = null;

function live(): Worker {
  if (!worker) {
    worker = new Worker(WORKER_CODE, { eval: true });
    worker.unref();
  }
  return worker;
}

/** Calls run one after another on the one worker: each waits for the one before. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The matches of `pattern` in each text (at most `max` each), or RegexTimeout when they are not all found
 * before `deadline` (a Date.now() time).
 */
export function regexMatches(
  pattern: RegExp,
  texts: readonly string[],
  deadline: number,
  max = 50,
): Promise<[number, number][][]> {
  const next = queue.then(() => runOnWorker(pattern, texts, deadline, max));
  queue = next.catch(() => undefined);
  return next;
}

function runOnWorker(
  pattern: RegExp,
  texts: readonly string[],
  deadline: number,
  max: number,
): Promise<[number, number][][]> {
  const thread = live();
  const wait = deadline - Date.now();
  if (wait <= 0) return Promise.reject(new RegexTimeout());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      worker = null;
      void thread.terminate();
      reject(new RegexTimeout());
    }, wait);
    const onMessage = (found: [number, number][][]) => {
      cleanup();
      resolve(found);
    };
    const onError = (error: Error) => {
      cleanup();
      worker = null;
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      thread.off("message", onMessage);
      thread.off("error", onError);
    };
    thread.on("message", onMessage);
    thread.on("error", onError);
    thread.postMessage({ source: pattern.source, flags: pattern.flags, texts, max });
  });
}
