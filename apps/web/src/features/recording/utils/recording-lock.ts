/**
 * A Web Lock is held while a recording runs, so another tab (or this one after a reload) can tell
 * a recording still in progress from one a crash or a closed tab left behind. Browsers release the
 * lock when the tab goes away. Without Web Locks every stored recording counts as left behind.
 */
export const lockName = (recordingId: string) => `agaton-recording-${recordingId}`;

type LockNavigator = Navigator & { locks?: LockManager };

/** Holds the recording's lock until the returned function is called. */
export function holdRecordingLock(recordingId: string): () => void {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const locks = (navigator as LockNavigator).locks;
  if (locks?.request) {
    void locks.request(lockName(recordingId), () => released).catch(() => undefined);
  }
  return release;
}

/** Names of the locks held anywhere in this browser profile (empty without Web Locks). */
export async function heldLockNames(): Promise<Set<string>> {
  const locks = (navigator as LockNavigator).locks;
  if (!locks?.query) return new Set();
  try {
    const { held = [] } = await locks.query();
    return new Set(held.map((lock) => lock.name ?? ''));
  } catch {
    return new Set();
  }
}

/** Stored recordings being uploaded right now (also after their page was left). */
export const uploadsInFlight = new Set<string>();
