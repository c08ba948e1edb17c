/**
 * One call of `task` at a time, shared by every caller that asks while it runs (PROTOCOL.md T1), and
 * rejected with `timeoutError()` when it takes longer than `timeoutMs`, so a host callback that never
 * settles cannot hang the frame, and a caller can tell a timeout from the task's own failure.
 */
export function singleFlight<T>(
  task: () => Promise<T>,
  timeoutMs: number,
  timeoutError: () => unknown,
): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () =>
    (inFlight ??= new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(timeoutError()), timeoutMs);
      Promise.resolve()
        .then(task)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    }).finally(() => (inFlight = null)));
}
