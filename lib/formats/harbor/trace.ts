import { noTrace, rawTrace, type TraceRead } from "@/lib/traces";
import { hasMessages, messagesTrace } from "../chat-messages/trace";
import { baseName, dirName } from "../paths";
import { parseTraceJson } from "../trace-input";
import type { InputFile } from "../types";
import { atifTrace, isAtif } from "./atif-trace";

const inAgentFolder = (file: InputFile) => baseName(dirName(file.path)) === "agent";
const byPath = (a: InputFile, b: InputFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * The trace of one Harbor trial (its folder's files): `agent/trajectory.json` in ATIF, else an agent's
 * native `agent/<agent>.trajectory.json` (mini-swe-agent's chat messages).
 */
export function readHarborTrace(files: readonly InputFile[]): TraceRead {
  const atif = files.filter((f) => inAgentFolder(f) && baseName(f.path) === "trajectory.json").sort(byPath)[0];
  if (atif) {
    const parsed = parseTraceJson(atif);
    if (!parsed.ok) return parsed.read;
    if (isAtif(parsed.value)) return atifTrace(atif, parsed.value, files);
    return rawTrace(atif.path, atif.bytes, "not an ATIF trajectory: expected an object with steps and schema_version");
  }
  const native = files.filter((f) => inAgentFolder(f) && /\.trajectory\.json$/i.test(f.path)).sort(byPath)[0];
  if (native) {
    const parsed = parseTraceJson(native);
    if (!parsed.ok) return parsed.read;
    if (hasMessages(parsed.value)) return messagesTrace(native, parsed.value, "mini-swe-agent");
    return rawTrace(native.path, native.bytes, "not a trajectory Tally reads: expected a messages array");
  }
  return noTrace("no agent/trajectory.json or agent/<agent>.trajectory.json in the trial");
}
