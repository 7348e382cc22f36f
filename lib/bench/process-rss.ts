import fs from "node:fs";

/** Resident memory (MB) of every process in a process group (a server and its workers), read from /proc. */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command name (field 2) may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process has exited
    }
  }
  return Math.round(kb / 102.4) / 10;
}

/** Samples a process group's resident memory every `everyMs` until stopped; `peak()` is the highest seen. */
export function sampleGroupRss(pgid: number, everyMs = 100) {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, groupRssMb(pgid)));
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => (sample(), peak),
    stop: () => clearInterval(timer),
  };
}
