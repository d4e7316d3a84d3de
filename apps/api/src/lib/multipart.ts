import { messages } from '@agaton/contracts';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The one multipart reader of every upload (session recordings, QA calls, scorecard documents, scored
 * audio). What they share lives here: the 415 for a body that is not multipart, busboy's limits, text
 * fields collected whichever order they come in, each expected file part handed to its reader once
 * (further parts of that name and parts of other names drained), clean-up on any failure and one
 * mapping of failures to answers. Where the file goes (object store, temp file, buffer), its type
 * check and what is missing afterwards stay with each upload. The declared Content-Length's early 413
 * and the body deadline come before this, from the route's `upload` config (plugins/slow-clients.ts).
 */

/** busboy's limits for one upload: a file part's bytes (one more is a 413) and the parts' counts. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

/** Reads one expected file part (the fields sent before it in hand); its error ends the upload. */
export interface FilePartReader<T> {
  read: (part: MultipartFile, fields: Readonly<Record<string, string>>) => Promise<T>;
  /** The 413 text when this part is over its size; the upload's `tooLarge` unless set. */
  tooLarge?: string;
}

type FilePartReaders = Record<string, FilePartReader<unknown>>;

/** What the readers returned, by part name; a part not sent is absent. */
export type ReadFiles<R extends FilePartReaders> = { [K in keyof R]?: Awaited<ReturnType<R[K]['read']>> };

export interface MultipartReadOptions<R extends FilePartReaders> {
  /** The 415 text of a request that is not multipart/form-data. */
  notMultipart: string;
  /** The 413 text of a file over its size (busboy's `fileSize`, or a reader's own size check). */
  tooLarge: string;
  limits: MultipartLimits;
  /** The file parts read, by part name. */
  files: R;
  /** Undoes what the readers kept (a stored object) when the upload fails. */
  discard?: (files: ReadFiles<R>) => Promise<void>;
}

/**
 * Reads a multipart request's parts: its text fields and what each file part's reader returned, once
 * every part is read. Throws the upload's answer: our own AppErrors as they are (a PAYLOAD_TOO_LARGE
 * with the part's text), too many parts 400, a file over busboy's size 413, busboy's other
 * client-side failures 400.
 */
export async function readMultipart<R extends FilePartReaders>(
  request: FastifyRequest,
  options: MultipartReadOptions<R>,
): Promise<{ fields: Record<string, string>; files: ReadFiles<R> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.notMultipart);
  const fields: Record<string, string> = {};
  const files: Record<string, unknown> = {};
  let current: FilePartReader<unknown> | null = null;
  try {
    for await (const part of request.parts({ limits: options.limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const name = part.fieldname;
      const reader = Object.hasOwn(options.files, name) ? options.files[name] : null;
      if (!reader || Object.hasOwn(files, name)) {
        part.file.resume();
        continue;
      }
      current = reader;
      files[name] = await reader.read(part, fields);
      current = null;
    }
  } catch (error) {
    await options.discard?.(files as ReadFiles<R>);
    throw multipartFailure(error, current?.tooLarge ?? options.tooLarge);
  }
  return { fields, files: files as ReadFiles<R> };
}

/** @fastify/multipart's count limits: about how many parts, never how big (though they carry 413). */
const COUNT_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * What a multipart reader's failure means to the client: our own AppErrors pass through, but a size
 * check's PAYLOAD_TOO_LARGE (the object store's says it in general words) takes the upload's text; too
 * many parts, files or fields is a 400 that says so (not "larger than 600 MB", as a bare 413 read); a
 * file over its size limit is 413 with `tooLarge`; busboy's other client-side failures are 400;
 * anything else stays a server error.
 */
export function multipartFailure(error: unknown, tooLarge: string): unknown {
  if (error instanceof AppError) {
    return error.code === 'PAYLOAD_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE', tooLarge) : error;
  }
  const { statusCode, code, message } = error as { statusCode?: number; code?: string; message?: string };
  if (code && COUNT_LIMITS.has(code)) return new AppError('VALIDATION', messages.request.tooManyParts);
  if (statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (statusCode && statusCode >= 400 && statusCode < 500) return new AppError('VALIDATION', message);
  return error;
}

/** Registers the multipart parser in an upload module's scope (once: a parent's serves its children). */
export async function registerMultipart(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

/**
 * Passes a file's bytes on once its first `bytes` (or all of a shorter file) pass `check`, which
 * throws to refuse it: a mislabelled file fails at once and never reaches storage.
 */
export async function* checkedHead(
  source: AsyncIterable<Buffer>,
  bytes: number,
  check: (head: Buffer) => void,
): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (!head) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length >= bytes) {
      check(head);
      yield head;
      head = null;
    }
  }
  if (head?.length) {
    check(head);
    yield head;
  }
}
