import type { AssessmentStatus } from '@agaton/contracts';
import type { OutgoingActivity } from '../api/candidate-api';

/**
 * The activity being sent, kept in sessionStorage (this tab) with its idempotency key until the server
 * acknowledges it: a reload in the middle of a send sends the same activity with the same key again,
 * so a recording is neither lost nor counted twice.
 */
export type PendingActivity = OutgoingActivity & { challengeId: string };

const STORAGE_KEY = 'agaton.candidate.pending';

type Stored =
  | { challengeId: string; kind: 'json'; request: Extract<OutgoingActivity, { kind: 'json' }>['request'] }
  | {
      challengeId: string;
      kind: 'form';
      meta: Extract<OutgoingActivity, { kind: 'form' }>['meta'];
      audioType: string;
      audioBase64: string;
    };

/** A fresh idempotency key per attempt (random UUID; a fallback where randomUUID needs HTTPS). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // Chunks keep String.fromCharCode under the engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string, type: string): Blob {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Stores `pending`; a full sessionStorage only loses the reload safety net, never the send. */
export async function savePending(pending: PendingActivity, storage: Storage = sessionStorage) {
  try {
    const stored: Stored =
      pending.kind === 'json'
        ? { challengeId: pending.challengeId, kind: 'json', request: pending.request }
        : {
            challengeId: pending.challengeId,
            kind: 'form',
            meta: pending.meta,
            audioType: pending.audio.type,
            audioBase64: await toBase64(pending.audio),
          };
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch (cause) {
    console.warn('Could not keep the answer for a reload', cause);
  }
}

/** The stored pending activity of `challengeId`, or null. */
export function loadPending(challengeId: string, storage: Storage = sessionStorage): PendingActivity | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    if (stored.challengeId !== challengeId) return null;
    if (stored.kind === 'json') return { challengeId, kind: 'json', request: stored.request };
    return {
      challengeId,
      kind: 'form',
      meta: stored.meta,
      audio: fromBase64(stored.audioBase64, stored.audioType),
    };
  } catch {
    return null;
  }
}

export function clearPending(storage: Storage = sessionStorage) {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}

/**
 * Whether a pending activity still applies to where the server says the candidate is: an answer to
 * the current question, the start of a part not started, the timeout of a part still running. If the
 * server moved on (it recorded the activity and only its answer was lost), it is dropped.
 */
export function stillApplies(pending: PendingActivity, status: AssessmentStatus): boolean {
  if (status.isFinished) return false;
  const context = pending.kind === 'json' ? pending.request.context : pending.meta.context;
  const progress = status.parts.find((p) => p.part === context.part);
  if (!progress) return false;
  const type = pending.kind === 'json' ? pending.request.type : pending.meta.type;
  if (type === 'start-part') return progress.state === 'not-started';
  if (type === 'timeout') return progress.state === 'in-progress';
  return progress.state === 'in-progress' && progress.itemId === context.itemId;
}
