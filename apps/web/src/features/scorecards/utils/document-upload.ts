import { QA_DOCUMENT_TYPES, QA_LIMITS, QA_TEXTS } from '@agaton/contracts';

/** What the drop zone accepts: PDF, DOCX and TXT by type and by extension (browsers differ). */
export const DOCUMENT_ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.entries(QA_DOCUMENT_TYPES).map(([type, ext]) => [type, [ext]]),
);

/** Spec 3 §5: one upload's documents may add up to at most 100 MB; checked before anything is sent. */
export function exceedsCombinedLimit(files: Pick<File, 'size'>[]): boolean {
  return files.reduce((sum, f) => sum + f.size, 0) > QA_LIMITS.maxDocumentsBytes;
}

/** The toast after an upload (spec 3 §8): all sent, none sent, or which ones failed. */
export function uploadOutcome(
  succeeded: string[],
  failed: string[],
): { color: 'green' | 'red'; message: string } | null {
  if (failed.length === 0 && succeeded.length === 0) return null;
  if (failed.length === 0) return { color: 'green', message: QA_TEXTS.uploadSucceeded };
  if (succeeded.length === 0) return { color: 'red', message: QA_TEXTS.uploadAllFailed };
  return { color: 'red', message: `${QA_TEXTS.uploadSomeFailed} ${failed.join(', ')}` };
}

/**
 * Sends each file in its own request, all at once (spec 3 §5), and sorts the names by outcome.
 * `rejected` are files the drop zone refused (wrong type); they count as failed.
 */
export async function uploadAll<T>(
  files: File[],
  send: (file: File) => Promise<T>,
  rejected: string[] = [],
): Promise<{ succeeded: string[]; failed: string[]; errors: Map<string, unknown> }> {
  const results = await Promise.allSettled(files.map((file) => send(file)));
  const succeeded: string[] = [];
  const failed = [...rejected];
  const errors = new Map<string, unknown>();
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') succeeded.push(files[i].name);
    else {
      failed.push(files[i].name);
      errors.set(files[i].name, result.reason);
    }
  });
  return { succeeded, failed, errors };
}

/** "2.4 MB", "830 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
