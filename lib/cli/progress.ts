/** A one-line progress counter on a terminal; silent when stderr is not a TTY (pipes, CI, --json). */
export function progress(label: string, enabled = process.stderr.isTTY === true) {
  let last = 0;
  return {
    update: (done: number, total: number) => {
      if (!enabled) return;
      const now = Date.now();
      if (done !== total && now - last < 100) return;
      last = now;
      const pct = total ? Math.floor((done / total) * 100) : 100;
      process.stderr.write(`\r${label} ${done}/${total} (${pct}%)`);
    },
    done() {
      if (enabled) process.stderr.write("\r\x1b[K");
    },
  };
}
