import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import mammoth from 'mammoth';
import { AppError } from '../../lib/app-error.ts';

const run = promisify(execFile);

/**
 * Scorecard documents (spec 3 §2.7): the type is told from the bytes, never from the name or the
 * browser's label, and the text the answerer reads as reference is extracted here.
 */
export const DOCUMENT_TEXTS = {
  unsupported: 'This file type is not supported. Upload PDF, DOCX or TXT documents.',
  tooLarge: 'A document may be at most 100 MB.',
  empty: 'The document is empty.',
  noText: 'No text could be read from this document (a scanned PDF needs its text first).',
  unreadable: 'The document could not be read. It may be damaged or protected by a password.',
  notMultipart: 'Send the document as multipart/form-data with a "documentFile" part.',
  noFile: 'The request has no document in "documentFile".',
} as const;

export type DocumentKind = 'pdf' | 'docx' | 'txt';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

/** Characters of extracted text kept per document (a reference far longer than any call). */
export const MAX_DOCUMENT_TEXT_CHARS = 1_000_000;
/** A DOCX whose main part inflates beyond this is refused (zip bombs). */
const MAX_DOCX_XML_BYTES = 256 * 1024 * 1024;
/** pdftotext gets this long and this much output before the document counts as unreadable. */
const PDF_TIMEOUT_MS = 60_000;
const PDF_MAX_OUTPUT = 64 * 1024 * 1024;

const startsWith = (head: Uint8Array, magic: string) =>
  head.length >= magic.length && [...magic].every((c, i) => head[i] === c.charCodeAt(0));

/** A control character other than tab, line feed, form feed and carriage return (binary data). */
const isBinaryByte = (b: number) =>
  b === 0 || (b < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(b)) || b === 0x7f;

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

/** Entries of a zip's central directory (name and uncompressed size), or null when it is not a zip. */
function zipEntries(bytes: Buffer): { name: string; size: number }[] | null {
  // End of central directory: signature, then the directory's size at +12 and offset at +16.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entriesTotal = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const entries: { name: string; size: number }[] = [];
  for (let n = 0; n < entriesTotal; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    entries.push({ name: bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'), size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Whitespace runs collapsed per line, blank-line runs kept to one, cut at the limit. */
function tidy(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_DOCUMENT_TEXT_CHARS);
}

async function pdfText(path: string) {
  try {
    const { stdout } = await run('pdftotext', ['-q', '-enc', 'UTF-8', '-nopgbrk', path, '-'], {
      timeout: PDF_TIMEOUT_MS,
      maxBuffer: PDF_MAX_OUTPUT,
    });
    return stdout;
  } catch {
    throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.unreadable);
  }
}

async function docxText(path: string) {
  const bytes = await readFile(path);
  const main = zipEntries(bytes)?.find((e) => e.name === 'word/document.xml');
  if (!main) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  if (main.size > MAX_DOCX_XML_BYTES) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.unreadable);
  try {
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.unreadable);
  }
}

/** The text of a UTF-8 file read in chunks; 415 when a byte sequence is not UTF-8 or looks binary. */
async function plainText(path: string) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const file = await open(path);
  let text = '';
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      const bytes = chunk.subarray(0, bytesRead);
      if (bytes.some(isBinaryByte)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
      const piece = decoder.decode(bytes, { stream: bytesRead > 0 });
      // Keep a margin over the limit for tidying; the rest is still checked to be text.
      if (text.length < MAX_DOCUMENT_TEXT_CHARS * 2) text += piece;
      if (bytesRead === 0) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_TEXTS.unsupported);
  } finally {
    await file.close();
  }
  return text;
}

/**
 * The text of a stored upload whose head sniffed as `kind`: pdftotext (poppler) in a child process
 * for PDFs, so a hostile file cannot take the server down; mammoth for DOCX; UTF-8 for TXT. 415 when
 * the whole file is not what its head promised, 422 when it holds no readable text.
 */
export async function extractDocumentText(path: string, kind: DocumentKind): Promise<string> {
  const raw =
    kind === 'pdf' ? await pdfText(path) : kind === 'docx' ? await docxText(path) : await plainText(path);
  const text = tidy(raw);
  if (!text) throw new AppError('UNPROCESSABLE', DOCUMENT_TEXTS.noText);
  return text;
}
