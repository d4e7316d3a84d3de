import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoader } from '../components/ui/page-loader';

/** Set while the page reloads after a chunk failed to load, so a real outage does not loop. */
const RELOAD_KEY = 'agaton:chunk-reload';

/**
 * After a deploy an open tab still names the old build's chunks, which are gone: reload once to get
 * the new index.html (served no-cache) instead of showing an error.
 */
function withReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOAD_KEY);
        return module;
      },
      (error: unknown) => {
        if (sessionStorage.getItem(RELOAD_KEY)) throw error;
        sessionStorage.setItem(RELOAD_KEY, '1');
        window.location.reload();
        return new Promise<T>(() => {});
      },
    );
}

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * A route component loaded on first render (issue 16 part 8: the sign-in page must not carry the whole
 * app). It suspends inside its own boundary, so a layout's navigation stays while the page loads.
 * `name` picks a named export (default export otherwise); the result has that export's type.
 */
export function lazyPage<M extends object, K extends keyof M = 'default' & keyof M>(
  load: () => Promise<M>,
  name?: K,
): M[K] {
  const key = (name ?? 'default') as K;
  const Page = lazy(withReload(() => load().then((module) => ({ default: module[key] as AnyComponent }))));
  function LazyPage(props: Record<string, unknown>) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage as M[K];
}
