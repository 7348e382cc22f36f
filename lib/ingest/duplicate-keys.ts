import { decodeText } from "@/lib/formats/json";
import { duplicateKeys } from "@/lib/formats/json-duplicates";
import { sniffedDuplicateKeys } from "@/lib/formats/sniff";
import type { InputFile, NormalizedRun } from "@/lib/formats/types";

/** Files whose keys are checked: JSON and JSON lines, the text a result is read from. */
const JSON_FILE = /\.jsonl?$/i;

/** What sniffFiles scans for keys given twice: the files warnDuplicateKeys reads, decoded as it decodes them. */
export const KEY_SCAN = { file: (file: InputFile) => JSON_FILE.test(file.path), text: decodeText };

function keysGivenTwice(file: InputFile): readonly string[] {
  const text = decodeText(file.bytes);
  return text === null ? [] : duplicateKeys(text);
}

/**
 * Warns of keys given twice in one object of a rollout's JSON files (JSON keeps the last value and says
 * nothing): a warning naming the file and the key paths on the first rollout read from that file, and one line
 * per file for the ingest's own output. Only files rollouts were read from are scanned, each once (a sniffed
 * batch was scanned as it was sniffed).
 */
export function warnDuplicateKeys(runs: readonly NormalizedRun[], files: readonly InputFile[]): string[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const scanned = new Set<string>();
  const lines: string[] = [];
  for (const run of runs)
    for (const rollout of run.rollouts)
      for (const path of rollout.files) {
        if (scanned.has(path) || !JSON_FILE.test(path)) continue;
        scanned.add(path);
        const file = byPath.get(path);
        const keys = file ? (sniffedDuplicateKeys(file) ?? keysGivenTwice(file)) : [];
        if (keys.length === 0) continue;
        const line = `${path}: duplicate key${keys.length > 1 ? "s" : ""} ${keys.join(", ")} (JSON keeps the last value of each)`;
        rollout.warnings = [...rollout.warnings, line]; // formats may share one list between rollouts
        lines.push(line);
      }
  return lines;
}
