import { parentPort, workerData } from 'node:worker_threads';
import { reportChildren } from '../../../jobs/worker-children.ts';
import { DocumentRefusal } from './qa-documents-shared.ts';
import { readDocumentText } from './qa-documents-text.ts';

/**
 * One document's extraction in a worker thread started for it alone (qa-documents-extractor.ts):
 * its heap is capped and it is terminated at the deadline, so a hostile document costs this thread,
 * never the api's. Answers one message, then ends.
 */
const port = parentPort;
if (!port) throw new Error('qa-documents-worker must run in a worker thread');

// pdftotext outlives a terminated thread: the api thread kills the children it is told of.
reportChildren(port);

const { path, kind } = workerData as { path: unknown; kind: unknown };
if (typeof path !== 'string' || (kind !== 'pdf' && kind !== 'docx' && kind !== 'txt'))
  throw new Error('qa-documents-worker needs a path and a kind');

try {
  port.postMessage({ ok: true, text: await readDocumentText(path, kind) });
} catch (error) {
  // Anything else (the temporary file gone, a bug) is the server's fault: the thread's error event.
  if (!(error instanceof DocumentRefusal)) throw error;
  port.postMessage({ ok: false, reason: error.reason });
}
