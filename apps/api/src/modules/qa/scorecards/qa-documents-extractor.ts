import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { DOCUMENT_DEADLINE_MS, DOCUMENT_TEXTS, type DocumentKind, refusalError } from './qa-documents.ts';
import { DOCUMENT_REFUSALS, MAX_DOCUMENT_TEXT_CHARS } from './qa-documents-shared.ts';

/** The same boot as the analysis pool's workers: tsx's loader registered, then the entry imported. */
const BOOT = new URL('../../../jobs/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./qa-documents-worker.ts', import.meta.url);
/** Seconds a refused upload is told to wait: a normal document is read in well under one. */
const BUSY_RETRY_AFTER_SEC = 5;

/** What a document worker may send: its one answer, or a child process it started or saw end. */
const workerMessageSchema = z.union([
  z.object({ ok: z.literal(true), text: z.string().max(MAX_DOCUMENT_TEXT_CHARS) }),
  z.object({ ok: z.literal(false), reason: z.enum(DOCUMENT_REFUSALS) }),
  z.object({ child: z.number().int().positive(), alive: z.boolean() }),
]);

export interface DocumentExtractorOptions {
  /** Documents read at once; each may hold a worker's heap and a pdftotext. Default 2. */
  maxRunning?: number;
  /** Documents waiting for a turn; more are refused with 503 BUSY and Retry-After. Default 8. */
  maxWaiting?: number;
  /**
   * Old-generation heap of each worker in MB (default 128). The worker streams and keeps at most
   * 2,000,000 characters, so a document that needs more is built to overload and is refused.
   */
  memoryMb?: number;
  /** Wall-clock deadline per kind in ms (default DOCUMENT_DEADLINE_MS); the worker is then ended. */
  deadlineMs?: Partial<Record<DocumentKind, number>>;
}

/**
 * Reads documents' text off the api thread (issue 24: a 300 KB DOCX that unpacked to 100 MB once
 * took the whole server down): a worker thread per document, its heap capped, terminated at the
 * deadline with any pdftotext it started, and only a few at a time so memory stays bounded.
 */
export class DocumentExtractor {
  private readonly maxRunning: number;
  private readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: DocumentExtractorOptions = {}) {
    this.maxRunning = Math.max(1, options.maxRunning ?? 2);
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 8);
  }

  /**
   * The tidied text of the file at `path` (at most MAX_DOCUMENT_TEXT_CHARS). AppError 415/413/422
   * for a refused document, 422 when the worker runs out of time or memory, 503 BUSY when too many
   * documents wait already.
   */
  async extract(path: string, kind: DocumentKind): Promise<string> {
    await this.acquire();
    try {
      return await this.inWorker(path, kind);
    } finally {
      this.release();
    }
  }

  /** Documents being read now and waiting for a turn. */
  snapshot(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private async acquire() {
    if (this.running < this.maxRunning) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.maxWaiting)
      throw new AppError('BUSY', DOCUMENT_TEXTS.busy, { retryAfterSec: BUSY_RETRY_AFTER_SEC });
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the turn to the next waiting document, if any (the count of running ones stays). */
  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private inWorker(path: string, kind: DocumentKind): Promise<string> {
    const deadline = this.options.deadlineMs?.[kind] ?? DOCUMENT_DEADLINE_MS[kind];
    return new Promise((resolve, reject) => {
      const worker = new Worker(BOOT, {
        workerData: { entry: ENTRY.href, path, kind },
        resourceLimits: {
          maxOldGenerationSizeMb: this.options.memoryMb ?? 128,
          maxYoungGenerationSizeMb: 16,
        },
      });
      const children = new Set<number>();
      let settled = false;
      const finish = (error: Error | null, text = '') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        for (const pid of children) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
        void worker.terminate();
        if (error) reject(error);
        else resolve(text);
      };
      const timer = setTimeout(() => finish(new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.tooSlow)), deadline);
      worker.on('message', (raw: unknown) => {
        const parsed = workerMessageSchema.safeParse(raw);
        if (!parsed.success) return finish(new Error('The document worker sent an unexpected message.'));
        const message = parsed.data;
        if ('child' in message) {
          if (message.alive) children.add(message.child);
          else children.delete(message.child);
        } else if (message.ok) finish(null, message.text);
        else finish(refusalError(message.reason));
      });
      worker.on('error', (error: Error & { code?: string }) => {
        // Out of heap is the document's doing (built to overload, or absurdly complex): a refusal.
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          finish(new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.tooMuchMemory));
        else finish(error);
      });
      worker.on('exit', (code) =>
        finish(new Error(`The document worker ended (${code}) without an answer.`)),
      );
    });
  }
}

/**
 * The process's extractor: the limit is on this process's memory and cores, so every app in it
 * shares one (tests build several apps in one process).
 */
export const documentExtractor = new DocumentExtractor();
