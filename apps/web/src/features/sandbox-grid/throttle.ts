/**
 * Calls `fn` at most once every `ms` (the first call at once, the last one of a burst at the end
 * of its window); `flush` runs a pending call now, `cancel` drops it.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const call = (...args: A) => {
    pending = args;
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) run();
    else if (timer === null) timer = setTimeout(run, Math.max(0, wait));
  };
  call.flush = () => {
    if (timer !== null) clearTimeout(timer);
    if (pending) run();
    else timer = null;
  };
  call.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return call;
}
