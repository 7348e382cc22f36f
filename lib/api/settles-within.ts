/**
 * Whether `promise` settles (resolves or rejects) within `ms`. A page awaits this to choose between rendering
 * its data at once and streaming a skeleton first: a run already in the server's cache is ready in a few
 * milliseconds, and its HTML then needs no hidden streamed chunk for React to reveal after hydration (which
 * held the headline back ~0.6 s in Chromium). The promise itself is left to its caller, rejection included.
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
