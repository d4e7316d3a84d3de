import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active`, leaving the page is confirmed first (spec 1 §2 "Record Meeting"): navigation in
 * the app is blocked until the modal answers, and closing or reloading the tab gets the browser's
 * own unload warning.
 */
export function useLeaveGuard(active: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  // A blocked navigation that is no longer needed (the recording finished meanwhile) is let go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !active) blocker.reset();
  }, [blocker, active]);
  return blocker;
}
