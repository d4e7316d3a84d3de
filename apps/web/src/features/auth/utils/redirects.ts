import { DESKTOP_APP_REDIRECT, paths } from '../../../config/paths';

/** Only same-origin paths are followed, so a crafted link cannot send a fresh session elsewhere. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export type CoachDestination = { kind: 'desktop-app' } | { kind: 'path'; to: string };

/**
 * Where a coach goes after signing in (spec 1 section 4): the desktop app when `redirect` carries its
 * marker, otherwise the `return` path or /coach. Other `redirect` values are only logged.
 */
export function coachDestination(search: URLSearchParams): CoachDestination {
  const redirect = search.get('redirect');
  if (redirect === DESKTOP_APP_REDIRECT) return { kind: 'desktop-app' };
  if (redirect) console.warn(`Unknown redirect parameter ignored: ${redirect}`);
  return { kind: 'path', to: safeReturnPath(search.get('return')) ?? paths.coach.href() };
}

/** The scheme of the desktop app's deep links. */
export const DESKTOP_APP_SCHEME = 'agaton:';

/** Only our desktop app's links are opened, so the redirect page cannot be used as an open redirect. */
export const isDesktopAppUrl = (url: string | null): url is string =>
  Boolean(url?.startsWith(`${DESKTOP_APP_SCHEME}//`));

/** Deep link that hands the one-time code to the desktop app. */
export function desktopAppUrl(code: string, onboarding: boolean): string {
  return `${DESKTOP_APP_SCHEME}//auth?${new URLSearchParams({ code, onboarding: String(onboarding) })}`;
}

/** Page that forwards to the desktop app, carrying its deep link in `url`. */
export function desktopRedirectPage(code: string, onboarding: boolean): string {
  return `${paths.coachDesktopAppRedirect.href()}?${new URLSearchParams({ url: desktopAppUrl(code, onboarding) })}`;
}

/** Keeps `redirect` and `return` when moving between sign-in and sign-up pages. */
export function carryParams(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ['redirect', 'return']) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
