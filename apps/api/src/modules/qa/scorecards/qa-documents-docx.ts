import { type FileHandle, open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { DocumentRefusal, MAX_DOCUMENT_TEXT_CHARS } from './qa-documents-shared.ts';

/**
 * DOCX text without a whole-document parse: `word/document.xml` is inflated as a stream and read by a
 * SAX parser, so memory stays flat whatever the document's size, and two guards stop a
 * decompression bomb long before it costs anything (issue 24: 300 KB that unpacked to 100 MB of XML
 * took a 2 GB server down through mammoth's DOM).
 */

/**
 * Inflated XML read at most. Word writes 2-10 bytes of markup per character of prose (revision ids,
 * run properties), so the 2,000,000 characters after which reading stops come within ~20 MB, and a
 * 300-page handbook's whole document.xml is 3-8 MB; only table-dense documents (~50 bytes per
 * character) reach this before their text limit, and those are refused, not silently cut short.
 * Parsing runs at ~25-45 MB/s on a shared core, so 32 MB keeps the worst refusal under 2 s
 * (64 MB took 2.5 s in bench:hostile-documents).
 */
export const MAX_DOCX_XML_BYTES = 32 * 1024 * 1024;
/**
 * Apache POI's ZipSecureFile rule (MIN_INFLATE_RATIO 0.01): an entry that has inflated to more than
 * this many times the compressed bytes consumed so far is a bomb. Word's XML deflates 5-20×; deflate
 * itself tops out near 1,000×. Checked while inflating, since a zip's declared sizes can lie.
 */
export const MAX_INFLATE_RATIO = 100;
/** POI's grace: the ratio is not judged before this much has been inflated (tiny entries vary). */
const RATIO_GRACE_BYTES = 100 * 1024;
/** Compressed bytes read at a time (the inflater's output is checked at every 16 KB it yields). */
const READ_BYTES = 16 * 1024;

const MAIN_PART = 'word/document.xml';
/** Transitional and Strict WordprocessingML. */
const WORD_NS = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const COMPATIBILITY_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

interface ZipEntry {
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

async function readAt(file: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The main part's central directory record; null when the file is not a zip or holds no Word
 * document (then it is not a DOCX: 415). Only the tail and the directory are read, not the file.
 */
async function findMainPart(file: FileHandle, fileSize: number): Promise<ZipEntry | null> {
  // End of central directory: the last 22 bytes plus a comment of up to 64 KB.
  const tailStart = Math.max(0, fileSize - 22 - 0xffff);
  const tail = await readAt(file, tailStart, fileSize - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entriesTotal = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryStart = tail.readUInt32LE(eocd + 16);
  if (directoryStart + directorySize > fileSize) return null;
  const directory = await readAt(file, directoryStart, directorySize);
  let at = 0;
  for (let n = 0; n < entriesTotal; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (name === MAIN_PART)
      return {
        flags: directory.readUInt16LE(at + 8),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localHeader: directory.readUInt32LE(at + 42),
      };
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return null;
}

/**
 * The main part's bytes as they inflate, each chunk checked against the size cap and the ratio
 * guard before anything reads it.
 */
async function* inflatedMainPart(file: FileHandle, fileSize: number): AsyncGenerator<Buffer> {
  const entry = await findMainPart(file, fileSize);
  if (!entry) throw new DocumentRefusal('unsupported');
  // Encrypted, or a method other than stored/deflated (Word writes deflate): nothing to read.
  const stored = entry.method === 0;
  if (entry.flags & 1 || (!stored && entry.method !== 8)) throw new DocumentRefusal('unreadable');
  if (entry.size > MAX_DOCX_XML_BYTES && entry.size !== 0xffffffff) throw new DocumentRefusal('xmlTooLarge');
  const local = await readAt(file, entry.localHeader, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new DocumentRefusal('unreadable');
  const dataStart = entry.localHeader + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  // A zip64 size (0xffffffff) is never needed under 100 MB: read to the end and let inflate stop.
  const dataEnd =
    entry.compressedSize === 0xffffffff ? fileSize : Math.min(fileSize, dataStart + entry.compressedSize);
  const compressed = file.createReadStream({
    start: dataStart,
    end: Math.max(dataStart, dataEnd) - 1,
    highWaterMark: READ_BYTES,
    autoClose: false,
  });
  if (stored) {
    let total = 0;
    for await (const chunk of compressed as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > MAX_DOCX_XML_BYTES) throw new DocumentRefusal('xmlTooLarge');
      yield chunk;
    }
    return;
  }
  const inflater = createInflateRaw();
  compressed.on('error', (error) => inflater.destroy(error));
  compressed.pipe(inflater);
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > MAX_DOCX_XML_BYTES) throw new DocumentRefusal('xmlTooLarge');
      // bytesWritten counts the compressed bytes the inflater has consumed, not merely been given.
      if (inflated > RATIO_GRACE_BYTES && inflated > inflater.bytesWritten * MAX_INFLATE_RATIO)
        throw new DocumentRefusal('inflateRatio');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof DocumentRefusal) throw error;
    throw new DocumentRefusal('unreadable');
  } finally {
    compressed.destroy();
    inflater.destroy();
  }
}

/** What a run adds to the text besides its w:t; a paragraph ends with a blank line, as mammoth's did. */
const RUN_CHARACTERS: Record<string, string> = { tab: '\t', br: '\n', cr: '\n' };

/**
 * Qualified names of the elements that matter, from the prefixes the root element binds (Word
 * declares every namespace there). Matching names instead of letting saxes resolve namespaces
 * halves the parse time: 64 MB of markup take ~1.4 s instead of ~2.8 s.
 */
function elementNames(rootAttributes: Record<string, string>) {
  let word: string | null = null;
  let compatibility: string | null = null;
  for (const [name, value] of Object.entries(rootAttributes)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const prefix = name === 'xmlns' ? '' : `${name.slice(6)}:`;
    if (WORD_NS.has(value)) word = prefix;
    else if (value === COMPATIBILITY_NS) compatibility = prefix;
  }
  const w = (local: string) => (word === null ? null : `${word}${local}`);
  return {
    paragraph: w('p'),
    run: w('r'),
    text: w('t'),
    runCharacters: new Map(Object.entries(RUN_CHARACTERS).map(([local, text]) => [w(local), text])),
    fallback: compatibility === null ? null : `${compatibility}Fallback`,
  };
}

/**
 * The text of a DOCX: w:t inside runs, w:tab as a tab, w:br and w:cr as line breaks, a blank line
 * after each paragraph; deleted text, field codes and the fallback copy of text boxes left out.
 * Stops once twice MAX_DOCUMENT_TEXT_CHARS are in hand (the rest would be cut anyway).
 */
export async function docxText(path: string): Promise<string> {
  const file = await open(path);
  const parts: string[] = [];
  let chars = 0;
  const add = (text: string) => {
    parts.push(text);
    chars += text.length;
  };
  let names: ReturnType<typeof elementNames> | null = null;
  let inText = 0;
  let inRun = 0;
  let inFallback = 0;
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => {
    names ??= elementNames(tag.attributes);
    if (tag.name === names.fallback) inFallback++;
    if (inFallback) return;
    if (tag.name === names.run) inRun++;
    else if (tag.name === names.text) inText++;
    else if (inRun && names.runCharacters.has(tag.name)) add(names.runCharacters.get(tag.name) as string);
  });
  parser.on('closetag', (tag) => {
    if (!names) return;
    if (tag.name === names.fallback) inFallback--;
    if (inFallback) return;
    if (tag.name === names.run) inRun--;
    else if (tag.name === names.text) inText--;
    else if (tag.name === names.paragraph) add('\n\n');
  });
  parser.on('text', (text) => {
    if (inText && !inFallback) add(text);
  });
  parser.on('cdata', (text) => {
    if (inText && !inFallback) add(text);
  });
  try {
    const { size } = await file.stat();
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of inflatedMainPart(file, size)) {
      parser.write(decoder.decode(chunk, { stream: true }));
      // Enough for the limit (with a margin for tidying): the rest is not needed.
      if (chars > MAX_DOCUMENT_TEXT_CHARS * 2) return parts.join('');
    }
    parser.write(decoder.decode());
    parser.close();
    return parts.join('');
  } catch (error) {
    if (error instanceof DocumentRefusal) throw error;
    // saxes throws for XML that is not well formed.
    throw new DocumentRefusal('unreadable');
  } finally {
    await file.close();
  }
}
