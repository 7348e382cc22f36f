import type { ChildProcess } from "node:child_process";

/** Child processes the bench started, killed (by their own pid or process group) if the bench exits early. */
const children = new Set<ChildProcess>();
let hooked = false;

function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL"); // its own group, when started detached
      } catch {
        try {
          child.kill("SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  }
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on("exit", () => children.delete(child));
  if (!hooked) {
    hooked = true;
    process.on("exit", killAll);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        killAll();
        process.exit(130);
      });
    }
  }
  return child;
}
