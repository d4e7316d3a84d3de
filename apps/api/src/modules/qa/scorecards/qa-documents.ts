import { QA_TEXTS } from '@agaton/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { MAX_DOCX_XML_BYTES, MAX_INFLATE_RATIO } from './qa-documents-docx.ts';
import { type DocumentRefusalReason, isBinaryByte } from './qa-documents-shared.ts';

export { MAX_DOCUMENT_TEXT_CHARS } from './qa-documents-shared.ts';

/** Wall-clock time a document may take to read, per kind (pdftotext is the slow one). */
export const DOCUMENT_DEADLINE_MS = { pdf: 60_000, docx: 20_000, txt: 20_000 } as const;

/**
 * Scorecard documents (spec 3 §2.7): the type is told from the bytes, never from the name or the
 * browser's label, and the text the answerer reads as reference is extracted in a bounded worker.
 */
export const DOCUMENT_TEXTS = {
  unsupported: 'This file type is not supported. Upload PDF, DOCX or TXT documents.',
  tooLarge: 'A document may be at most 100 MB.',
  /** Spec 3 §8's wording, also shown by the web app before it sends anything. */
  combinedTooLarge: QA_TEXTS.uploadTooLarge,
  empty: 'The document is empty.',
  noText: 'No text could be read from this document (a scanned PDF needs its text first).',
  unreadable: 'The document could not be read. It may be damaged or protected by a password.',
  xmlTooLarge: `This document unpacks to more than ${MAX_DOCX_XML_BYTES / 1024 / 1024} MB of text and markup. Split it into smaller documents.`,
  inflateRatio: `This document unpacks to more than ${MAX_INFLATE_RATIO} times its size, which real documents never do, so it was refused.`,
  tooSlow: 'Reading this document took too long. It may be damaged or built to overload the server.',
  tooMuchMemory:
    'Reading this document needed too much memory. It may be damaged or built to overload the server.',
  busy: 'Too many documents are being read right now. Try again in a few seconds.',
  notMultipart: 'Send the document as multipart/form-data with a "documentFile" part.',
  noFile: 'The request has no document in "documentFile".',
} as const;

export type DocumentKind = 'pdf' | 'docx' | 'txt';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

const startsWith = (head: Uint8Array, magic: string) =>
  head.length >= magic.length && [...magic].every((c, i) => head[i] === c.charCodeAt(0));

/**
 * The kind the first bytes promise: a PDF, a zip (maybe a DOCX) or text; null = none of them. The
 * rest of the file decides later (a zip must hold word/document.xml, text must be valid UTF-8).
 */
export function sniffDocumentHead(head: Uint8Array): DocumentKind | null {
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, 'PK\u0003\u0004')) return 'docx';
  const sample = head.subarray(0, 512);
  if (sample.some(isBinaryByte)) return null;
  return 'txt';
}

/** The reply for a document the worker refused: 415 wrong type, 413 unpacks too large, else 422. */
export function refusalError(reason: DocumentRefusalReason): AppError {
  if (reason === 'unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  if (reason === 'xmlTooLarge') return new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TEXTS.xmlTooLarge);
  return new AppError('UNPROCESSABLE', DOCUMENT_TEXTS[reason]);
}
