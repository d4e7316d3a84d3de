import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Absolute URL of an app path on this origin (the API accepts only PUBLIC_URL's origin). */
export function appUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString();
}

/** The path (with query) of a URL on this origin, or null for a URL elsewhere (Stripe's pages). */
export function sameOriginPath(url: string, origin = window.location.origin): string | null {
  const parsed = new URL(url, origin);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}

/**
 * Follows a checkout, portal or return URL from the API: inside the SPA when it is one of our pages
 * (the embedded provider), a full page load for the provider's own pages. Replaces the history
 * entry, so Back does not land on a page that only redirects.
 */
export function useFollowUrl() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const path = sameOriginPath(url);
      if (path) navigate(path, { replace: true });
      else window.location.assign(url);
    },
    [navigate],
  );
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** '3 December 2026' */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** '1,200' */
export function formatMinutes(minutes: number): string {
  return Math.max(0, Math.floor(minutes)).toLocaleString('en-GB');
}
