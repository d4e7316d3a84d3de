import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the returned element whenever `key` changes (a new
 * question or part), so the candidate starts reading at its heading.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (focusedFor.current === key) return;
    focusedFor.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}
