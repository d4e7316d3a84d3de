import { assessmentPaths, paths } from '../config/paths';

export type StartupAction =
  | { kind: 'none' }
  | { kind: 'replace-path'; path: string }
  | { kind: 'go-to'; url: string };

/**
 * Start-up rules applied once before the router starts (spec 3 section 2.10): a visit on another host
 * goes to the main domain with the same path and query; the assessment and its summary open the
 * candidate route.
 */
export function startupAction(
  location: { host: string; protocol: string; pathname: string; search: string; hash: string },
  mainHost?: string,
): StartupAction {
  if (mainHost && location.host !== mainHost) {
    return {
      kind: 'go-to',
      url: `${location.protocol}//${mainHost}${location.pathname}${location.search}${location.hash}`,
    };
  }
  const pathname = location.pathname.replace(/\/+$/, '') || '/';
  if (assessmentPaths.includes(pathname)) {
    return { kind: 'replace-path', path: `${paths.candidate.href()}${location.search}` };
  }
  return { kind: 'none' };
}

/** Unregisters any service worker left by an earlier deployment. */
export async function unregisterServiceWorkers() {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations().catch(() => []);
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
