import type { Readable, Writable } from "node:stream";

export interface Terminal {
  input: Readable;
  output: Writable;
  /** Whether a person can answer: stdin and stdout are a terminal. */
  interactive: boolean;
}

export const processTerminal = (): Terminal => ({
  input: process.stdin,
  output: process.stdout,
  interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
});

/** The next line of `input` (without its newline); what is left when the input ends first, null for nothing. */
function readLine(input: Readable): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const finish = (line: string | null) => {
      input.off("data", onData);
      input.off("end", onEnd);
      input.off("error", onEnd);
      input.pause();
      resolve(line);
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf("\n");
      if (end >= 0) finish(text.slice(0, end).replace(/\r$/, ""));
    };
    const onEnd = () => finish(text === "" ? null : text);
    input.on("data", onData);
    input.once("end", onEnd);
    input.once("error", onEnd);
  });
}

/**
 * Asks the person at the terminal to type `name` to go on, as a guard before something that cannot be undone.
 * True only for exactly that name (surrounding spaces ignored); null when no person can answer.
 */
export async function confirmByName(question: string, name: string, terminal: Terminal): Promise<boolean | null> {
  if (!terminal.interactive) return null;
  terminal.output.write(`${question}\nType the run's name (${name}) to go on: `);
  const answer = await readLine(terminal.input);
  return answer !== null && answer.trim() === name.trim();
}
