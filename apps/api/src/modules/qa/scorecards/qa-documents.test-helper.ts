import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * DOCX files built at run time for the document tests and the hostile-documents bench: a real
 * document's three parts, and decompression bombs (issue 24) without committing their bytes.
 */

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const COMPATIBILITY_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:mc="${COMPATIBILITY_NS}" xmlns:w="${WORD_NS}"><w:body>`;
const DOCUMENT_TAIL = '</w:body></w:document>';

interface Part {
  name: string;
  /** Deflated bytes (or the bytes themselves when stored). */
  data: Buffer;
  crc: number;
  size: number;
  stored?: boolean;
}

const part = (name: string, text: string): Part => {
  const bytes = Buffer.from(text);
  return { name, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
};

/** A zip of the parts, sizes declared honestly (the bombs need no lie to pass a declared-size check). */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.stored ? 0 : 8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.stored ? 0 : 8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A DOCX whose body is `bodyXml` (WordprocessingML with the `w` and `mc` prefixes bound). */
export function buildDocx(bodyXml: string, options: { stored?: boolean } = {}): Buffer {
  const main = part('word/document.xml', DOCUMENT_HEAD + bodyXml + DOCUMENT_TAIL);
  if (options.stored)
    Object.assign(main, { data: Buffer.from(DOCUMENT_HEAD + bodyXml + DOCUMENT_TAIL), stored: true });
  return zip([part('[Content_Types].xml', CONTENT_TYPES), part('_rels/.rels', RELS), main]);
}

const REPEATED_PARAGRAPH = '<w:p><w:r><w:t>The agent confirms the address before booking.</w:t></w:r></w:p>';

/** Options of buildDocxBomb. */
export interface DocxBombOptions {
  /**
   * Each paragraph's XML, called for the first MB only: that MB is repeated, and since deflate looks
   * back 32 KB at most, a repeat 1 MB away compresses no better than the first. One fixed paragraph
   * (the probe's) by default.
   */
  paragraph?: () => string;
  /** XML before and after all the paragraphs, inside w:body (e.g. one run spanning them). */
  around?: [string, string];
  /** The uncompressed size the zip declares; the true size by default (the probe's bombs were honest). */
  declaredSize?: number;
}

/** About 1 MB of paragraphs. */
function paragraphBlock(paragraph: () => string) {
  const parts: string[] = [];
  for (let length = 0; length < 1024 * 1024; ) {
    const p = paragraph();
    parts.push(p);
    length += p.length;
  }
  return Buffer.from(parts.join(''));
}

/**
 * The probe's bomb: a DOCX whose document.xml is `megabytes` MB of paragraphs, deflated (20 MB of
 * one repeated paragraph → ~70 KB, 100 MB → ~350 KB).
 */
export async function buildDocxBomb(megabytes: number, options: DocxBombOptions = {}): Promise<Buffer> {
  const block = paragraphBlock(options.paragraph ?? (() => REPEATED_PARAGRAPH));
  const [before, after] = options.around ?? ['', ''];
  const head = Buffer.from(DOCUMENT_HEAD + before);
  const tail = Buffer.from(after + DOCUMENT_TAIL);
  // Level 9 packs the repeated paragraph as tightly as the probe's; varied XML builds far faster at 1.
  const deflate = createDeflateRaw({ level: options.paragraph ? 1 : 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = crc32(head);
  let size = head.length + tail.length;
  deflate.write(head);
  while (size < megabytes * 1024 * 1024) {
    crc = crc32(block, crc);
    size += block.length;
    // Waiting for each block keeps the deflater's queue (and the test's memory) small.
    await new Promise((resolve) => deflate.write(block, resolve));
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await done;
  const main: Part = {
    name: 'word/document.xml',
    data: Buffer.concat(out),
    crc,
    size: options.declaredSize ?? size,
  };
  return zip([part('[Content_Types].xml', CONTENT_TYPES), part('_rels/.rels', RELS), main]);
}
