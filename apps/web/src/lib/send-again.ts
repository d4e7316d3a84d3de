/**
 * Whether a recording whose sending failed may pass if the same recording is sent again, so the
 * screen keeps it and offers "Try again" (the demo's scoring, the candidate's answers): a timeout or
 * lost connection (no status, or 0), 408, 429 and server errors (5xx), or a response that could not
 * be read (a status below 400). Any other 4xx refused the recording or the request itself (too
 * short, silent, unsupported, too long, not the current question) and would only be refused again.
 */
export function worthSendingAgain(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status < 400 || status >= 500 || status === 408 || status === 429;
}
