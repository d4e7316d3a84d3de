import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { multipartFailure } from '../../lib/multipart-errors.ts';
import { DOCUMENT_TEXTS, type DocumentKind, sniffDocumentHead } from './qa-documents.ts';

/** A received file: where it waits, what its bytes are, and its name as sent. */
export interface ReceivedFile {
  path: string;
  kind: DocumentKind;
  fileName: string | undefined;
  sizeBytes: number;
}

/** Passes bytes through after checking the first ones promise a document; remembers the kind. */
function headSniffer(found: { kind: DocumentKind | null }) {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (bytes: Buffer) => {
    found.kind = sniffDocumentHead(bytes);
    if (!found.kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 512) return done();
      try {
        check(head);
      } catch (error) {
        return done(error as Error);
      }
      const out = head;
      head = null;
      done(null, out);
    },
    flush(done) {
      if (!head?.length) return done();
      try {
        check(head);
      } catch (error) {
        return done(error as Error);
      }
      done(null, head);
    },
  });
}

/**
 * The one `documentFile` part of a multipart request written to `dir`, its type sniffed on the way.
 * Reading stops at `maxBytes` (413 with `tooLargeText`): the scorecard's remaining allowance.
 */
export async function receiveToTempFile(
  request: FastifyRequest,
  options: {
    /** Folder the file is written to (removed by the caller). */
    dir: string;
    /** Bytes the file may have; one more is a 413. */
    maxBytes: number;
    /** The 413's text: one document's limit, or the scorecard's combined one. */
    tooLargeText: string;
  },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.notMultipart);
  const path = join(options.dir, 'upload');
  const found: { kind: DocumentKind | null } = { kind: null };
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', options.tooLargeText);
  let received: { fileName: string | undefined; sizeBytes: number } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'documentFile' || received) {
        part.file.resume();
        continue;
      }
      let sizeBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, headSniffer(found), counter, createWriteStream(path));
      // busboy stops at the limit and marks the file truncated (the plugin throws for it too).
      if (part.file.truncated) throw tooLarge();
      received = { fileName: part.filename, sizeBytes };
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw tooLarge();
    throw multipartFailure(error, options.tooLargeText);
  }
  if (!received) throw new AppError('VALIDATION', DOCUMENT_TEXTS.noFile);
  if (received.sizeBytes === 0 || !found.kind) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.empty);
  return { path, kind: found.kind, ...received };
}
