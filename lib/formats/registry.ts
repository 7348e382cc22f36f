import { benchflowFormat } from "./benchflow";
import { harborFormat } from "./harbor";
import { siloFormat } from "./silo";
import { gradeFormat } from "./grade";
import { inspectFormat } from "./inspect";
import { rubricFormat } from "./rubric";
import { tauBenchFormat } from "./tau-bench";
import { forgetRecords } from "./grade/records";
import { forgetJson, keyNeedles } from "./json";
import type { FormatId, FormatModule, InputFile } from "./types";

/**
 * Every format Tally reads, in the order they claim files: a file claimed by one is not offered to the next.
 * Adding a format is one line here (more specific detectors before more general ones).
 */
export const FORMATS: readonly FormatModule[] = [
  gradeFormat,
  rubricFormat,
  inspectFormat,
  tauBenchFormat,
  benchflowFormat,
  harborFormat,
  siloFormat,
];

/** What the formats' detectors search files for (mayHoldKey), for sniffFiles. */
export const DETECT_NEEDLES: readonly string[] = keyNeedles(FORMATS.flatMap((f) => f.detectKeys ?? []));

/** Ids of the registered formats, in claiming order (the values `--format` accepts). */
export const FORMAT_IDS: readonly FormatId[] = FORMATS.map((f) => f.id);

export function isFormatId(value: string): value is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(value);
}

export function getFormat(id: FormatId): FormatModule | undefined {
  return FORMATS.find((f) => f.id === id);
}

/**
 * Releases what the readers memoised while detecting and parsing these files (parsed JSON trees kept so
 * that claim and parse read each file once). Call once a batch is parsed: the memo holds every tree alive
 * for as long as the files, which an ingest keeps until their bytes are stored.
 */
export function forgetParsed(files: Iterable<InputFile>): void {
  const list = [...files];
  forgetJson(list);
  forgetRecords(list);
}
