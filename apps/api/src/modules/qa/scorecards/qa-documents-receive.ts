import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { checkedHead, readMultipart } from '../../../lib/multipart.ts';
import { DOCUMENT_TEXTS, type DocumentKind, sniffDocumentHead } from './qa-documents.ts';

/** A received file: where it waits, what its bytes are, and its name as sent. */
export interface ReceivedFile {
  path: string;
  kind: DocumentKind;
  fileName: string | undefined;
  sizeBytes: number;
}

/** Bytes enough to tell a PDF, a zip or text from their first bytes. */
const SNIFF_BYTES = 512;

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
  const path = join(options.dir, 'upload');
  const { files } = await readMultipart(request, {
    notMultipart: DOCUMENT_TEXTS.notMultipart,
    tooLarge: options.tooLargeText,
    limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    files: {
      documentFile: {
        read: async (part) => {
          const found: { kind: DocumentKind | null } = { kind: null };
          const sniff = (source: AsyncIterable<Buffer>) =>
            checkedHead(source, SNIFF_BYTES, (head) => {
              found.kind = sniffDocumentHead(head);
              if (!found.kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
            });
          let sizeBytes = 0;
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              sizeBytes += chunk.length;
              done(null, chunk);
            },
          });
          await pipeline(part.file, sniff, counter, createWriteStream(path));
          // busboy stops at the limit and marks the file truncated (the plugin throws for it too).
          if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeText);
          return { fileName: part.filename, sizeBytes, kind: found.kind };
        },
      },
    },
  });
  const received = files.documentFile;
  if (!received) throw new AppError('VALIDATION', DOCUMENT_TEXTS.noFile);
  if (received.sizeBytes === 0 || !received.kind) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.empty);
  return { path, ...received, kind: received.kind };
}
