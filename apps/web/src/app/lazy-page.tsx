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

/**
 * A route component loaded on first render (issue 16 part 8: the sign-in page must not carry the whole
 * app). It suspends inside its own boundary, so a layout's navigation stays while the page loads.
 * `name` picks a named export; default export otherwise.
 */
export function lazyPage<P extends object, K extends string = 'default'>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K = 'default' as K,
): ComponentType<P> {
  const Page = lazy(
    withReload(() => load().then((module) => ({ default: module[name] }))),
  ) as unknown as ComponentType<P>;
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
