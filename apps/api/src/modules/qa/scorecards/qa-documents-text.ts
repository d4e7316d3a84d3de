import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { docxText } from './qa-documents-docx.ts';
import { DocumentRefusal, isBinaryByte, MAX_DOCUMENT_TEXT_CHARS } from './qa-documents-shared.ts';

/**
 * Text extraction proper, run inside the document worker (qa-documents-worker.ts): whatever a
 * hostile file makes it do costs that worker's bounded heap and deadline, never the api thread.
 */

/** Raw characters read before tidying: a margin over the limit for the whitespace tidying removes. */
const RAW_CHARS = MAX_DOCUMENT_TEXT_CHARS * 2;
/** pdftotext's own time limit; the worker's deadline (longer) ends it too, with the worker. */
export const PDF_TIMEOUT_MS = 55_000;
/**
 * Address space of pdftotext (prlimit --as). It needs ~24 MB to start and stayed under 20 MB of
 * RSS on a 2,000-page document: 512 MB leaves room for font-heavy files while a crafted one that
 * would grow without bound fails early instead of swapping the machine.
 */
const PDF_ADDRESS_SPACE_BYTES = 512 * 1024 * 1024;

/** Whitespace runs collapsed per line, blank-line runs kept to one, cut at the limit. */
export function tidy(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_DOCUMENT_TEXT_CHARS);
}

/** The first RAW_CHARS of a command's output; rejects with the spawn error or a failing exit code. */
function firstCharsOf(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const decoder = new TextDecoder('utf-8');
    let text = '';
    let enough = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), PDF_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (enough) return;
      text += decoder.decode(chunk, { stream: true });
      // The rest would be cut anyway: stop the reader instead of buffering a huge output.
      if (text.length > RAW_CHARS) {
        enough = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (enough || code === 0) resolve(text + decoder.decode());
      else reject(new DocumentRefusal('unreadable'));
    });
  });
}

/** pdftotext (poppler), its address space capped by prlimit where util-linux has it. */
async function pdfText(path: string) {
  const args = ['-q', '-enc', 'UTF-8', '-nopgbrk', path, '-'];
  try {
    return await firstCharsOf('prlimit', [`--as=${PDF_ADDRESS_SPACE_BYTES}`, '--', 'pdftotext', ...args]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DocumentRefusal('unreadable');
  }
  try {
    return await firstCharsOf('pdftotext', args);
  } catch {
    throw new DocumentRefusal('unreadable');
  }
}

/** The text of a UTF-8 file read in chunks; refused when a byte sequence is not UTF-8 or looks binary. */
async function plainText(path: string) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const file = await open(path);
  let text = '';
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      const bytes = chunk.subarray(0, bytesRead);
      if (bytes.some(isBinaryByte)) throw new DocumentRefusal('unsupported');
      const piece = decoder.decode(bytes, { stream: bytesRead > 0 });
      // Keep a margin over the limit for tidying; the rest is still checked to be text.
      if (text.length < RAW_CHARS) text += piece;
      if (bytesRead === 0) break;
    }
  } catch (error) {
    if (error instanceof DocumentRefusal) throw error;
    throw new DocumentRefusal('unsupported');
  } finally {
    await file.close();
  }
  return text;
}

/**
 * The tidied text of a stored upload whose head sniffed as `kind`. Throws DocumentRefusal when the
 * whole file is not what its head promised, cannot be read, or holds no text.
 */
export async function readDocumentText(path: string, kind: 'pdf' | 'docx' | 'txt'): Promise<string> {
  const raw =
    kind === 'pdf' ? await pdfText(path) : kind === 'docx' ? await docxText(path) : await plainText(path);
  const text = tidy(raw);
  if (!text) throw new DocumentRefusal('noText');
  return text;
}
