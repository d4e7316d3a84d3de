/** The DOM's error for an abandoned wait (name 'AbortError'), so callers can tell it from a failure. */
export function abortError() {
  return new DOMException('The wait was aborted.', 'AbortError');
}

/** setTimeout as a promise that rejects at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
