/**
 * Build-time settings. VITE_MAIN_HOST, when set, is the application's main domain: visits on any other
 * host are sent there with the same path and query (spec 3 section 2.10). Unset, every host is accepted.
 */
export const env = {
  mainHost: (import.meta.env.VITE_MAIN_HOST as string | undefined) || undefined,
} as const;
