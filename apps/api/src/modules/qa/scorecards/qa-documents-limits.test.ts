import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { QA_LIMITS } from '@agaton/contracts';
import { qaDocuments } from '@agaton/db';
import { buildAdmin, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../lib/context.ts';
import { createObjectStore } from '../../../providers/storage/object-store.ts';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { multipart } from '../../scoring/scoring.test-helper.ts';
import { addDocument } from './qa-documents.service.ts';
import { buildDocx, buildDocxBomb } from './qa-documents.test-helper.ts';
import { DOCUMENT_TEXTS } from './qa-documents.ts';
import { DocumentExtractor, documentExtractor } from './qa-documents-extractor.ts';

/** Issue 24: documents built to overload the server, and the scorecard's combined 100 MB. */

let t: TestApp;
let token = '';
let orgId = '';
const MB = 1024 * 1024;
const hexDigit = () => Math.floor(Math.random() * 16).toString(16);

const newSet = async (name: string) =>
  (await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name } })).json()
    .questionSetId as string;

/** POST a document; `stream` sends the body without a Content-Length, as a chunked upload does. */
function upload(setId: string, filename: string, data: Buffer, options: { stream?: boolean } = {}) {
  const body = multipart(
    {},
    { name: 'documentFile', filename, contentType: 'application/octet-stream', data },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/qa/question-sets/${setId}/documents`,
    payload: options.stream ? Readable.from([body.payload]) : body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

const storedSizes = async (setId: string) =>
  (
    await t.db
      .select({ sizeBytes: qaDocuments.sizeBytes })
      .from(qaDocuments)
      .where(eq(qaDocuments.questionSetId, setId))
  ).map((d) => d.sizeBytes);

const textOf = async (documentId: string) =>
  (await t.db.select({ text: qaDocuments.text }).from(qaDocuments).where(eq(qaDocuments.id, documentId)))[0]
    ?.text;

/** addDocument as a seed calls it, with this test's extractor when given. */
const add = (setId: string, fileName: string, bytes: Buffer, extractor?: DocumentExtractor) =>
  addDocument({ db: t.db } as AppContext, {
    orgId,
    questionSetId: setId,
    fileName,
    bytes,
    store: createObjectStore(t.config),
    extractor,
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildAdmin(t.db, { email: 'owner@qa-doc-limits.example' });
  orgId = admin.orgId;
  token = (
    await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: admin.email, password: FACTORY_PASSWORD },
    })
  ).json().accessToken;
});
afterAll(() => t.close());

describe('DOCX text read as a stream', () => {
  it.each([
    ['deflated', false],
    ['stored', true],
  ])('keeps runs, tabs and breaks and leaves out what Word does not show (%s)', async (_how, stored) => {
    const setId = await newSet(`Docx ${_how}`);
    const docx = buildDocx(
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>' +
        '<w:r><w:t>Confirm the</w:t></w:r><w:r><w:t xml:space="preserve"> address</w:t><w:tab/>' +
        '<w:t>first</w:t><w:br/><w:t>then book &amp; thank</w:t></w:r></w:p>' +
        '<w:p><w:r><w:instrText>PAGE</w:instrText></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>' +
        // A text box: Word writes it twice, the modern copy and a fallback for older readers.
        '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:txbxContent><w:p><w:r><w:t>In a box</w:t>' +
        '</w:r></w:p></w:txbxContent></mc:Choice><mc:Fallback><w:txbxContent><w:p><w:r><w:t>In a box</w:t>' +
        '</w:r></w:p></w:txbxContent></mc:Fallback></mc:AlternateContent></w:r></w:p>' +
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell one</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
      { stored },
    );
    const res = await upload(setId, 'script.docx', docx);
    expect(res.statusCode, res.body).toBe(201);
    // Tidied as before: a tab becomes a space, blank-line runs one blank line.
    expect(await textOf(res.json().documentId)).toBe(
      'Confirm the address first\nthen book & thank\n\nIn a box\n\nCell one',
    );
  });
});

describe('documents built to overload the server', () => {
  it("refuses the probe's 20 MB bomb by its inflate ratio (422) and keeps nothing", async () => {
    const setId = await newSet('Bomb 20');
    const res = await upload(setId, 'bomb.docx', await buildDocxBomb(20));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.inflateRatio);
    expect(await storedSizes(setId)).toEqual([]);
  });

  it("refuses the probe's 100 MB bomb by the size it declares (413)", async () => {
    const res = await upload(await newSet('Bomb 100'), 'bomb.docx', await buildDocxBomb(100));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.xmlTooLarge);
  });

  it('refuses a bomb whose zip understates its size while it inflates (422)', async () => {
    const bomb = await buildDocxBomb(100, { declaredSize: 1000 });
    const res = await upload(await newSet('Bomb lying'), 'bomb.docx', bomb);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.inflateRatio);
  });

  it('stops markup that inflates at a plausible ratio at the size cap (413), whatever the zip says', async () => {
    // ~35× (Word-like paragraphs with revision ids), no text to end the reading early.
    const paragraph = () =>
      `<w:p w:rsidR="00${hexDigit()}A00B1"><w:pPr><w:spacing w:after="0"/></w:pPr></w:p>`;
    const docx = await buildDocxBomb(40, { paragraph, declaredSize: 1000 });
    const res = await upload(await newSet('Markup'), 'markup.docx', docx);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.xmlTooLarge);
  });

  it('answers other requests while a bomb is being read', async () => {
    const setId = await newSet('Bomb beside');
    let settled = false;
    const bomb = await buildDocxBomb(100, { declaredSize: 1000 });
    const uploading = upload(setId, 'bomb.docx', bomb).finally(() => {
      settled = true;
    });
    while (documentExtractor.snapshot().running === 0 && !settled) await new Promise((r) => setTimeout(r, 2));
    // Requests answered one after another while the bomb is still being read: parsing on the api
    // thread would answer none of them before it ends.
    let answered = 0;
    while (documentExtractor.snapshot().running > 0 && answered < 20) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (documentExtractor.snapshot().running > 0) answered++;
      // inject and PGlite settle in microtasks: let the worker's answer (a macrotask) through too.
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(answered).toBeGreaterThanOrEqual(3);
    const res = await uploading;
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.inflateRatio);
  });

  it('refuses a document whose reading outgrows the worker heap (422); the next one is read', async () => {
    const setId = await newSet('Heap');
    const small = new DocumentExtractor({ memoryMb: 8 });
    // One 16 MB run of text: the XML parser holds a text node whole until it closes.
    const docx = await buildDocxBomb(16, {
      around: ['<w:p><w:r><w:t>', '</w:t></w:r></w:p>'],
      paragraph: () => `word ${hexDigit()}${hexDigit()} `,
    });
    await expect(add(setId, 'run.docx', docx, small)).rejects.toMatchObject({
      statusCode: 422,
      message: DOCUMENT_TEXTS.tooMuchMemory,
    });
    const fixture = readFileSync(join(import.meta.dirname, 'qa-documents-fixtures', 'script.docx'));
    expect((await add(setId, 'script.docx', fixture, small)).textChars).toBeGreaterThan(0);
  });

  it('ends a reading past its deadline (422)', async () => {
    const late = new DocumentExtractor({ deadlineMs: { txt: 1 } });
    await expect(
      add(await newSet('Deadline'), 'notes.txt', Buffer.from('Greet the customer.'), late),
    ).rejects.toMatchObject({ statusCode: 422, message: DOCUMENT_TEXTS.tooSlow });
  });

  it('refuses documents beyond those it may read and hold waiting (503 BUSY, Retry-After)', async () => {
    const setId = await newSet('Busy');
    const one = new DocumentExtractor({ maxRunning: 1, maxWaiting: 0 });
    const results = await Promise.allSettled(
      ['a.txt', 'b.txt'].map((name) => add(setId, name, Buffer.from(`Guideline ${name}`), one)),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 503, code: 'BUSY', message: DOCUMENT_TEXTS.busy });
    expect(refused.reason.retryAfterSec).toBeGreaterThanOrEqual(1);
    expect(one.snapshot()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("a scorecard's documents together", () => {
  it('refuses what would take them past 100 MB (413), before reading it when the length says so', async () => {
    const setId = await newSet('Combined');
    await add(setId, 'manual.txt', Buffer.alloc(QA_LIMITS.maxDocumentsBytes - MB, 'a'));
    // Declared length over what is left: refused before the body is read.
    const declared = await upload(setId, 'over.txt', Buffer.alloc(2 * MB, 'b'));
    expect(declared.statusCode, declared.body).toBe(413);
    expect(declared.json().error.message).toBe(DOCUMENT_TEXTS.combinedTooLarge);
    // No length: the allowance is the upload's size limit.
    const streamed = await upload(setId, 'over.txt', Buffer.alloc(MB + 1, 'b'), { stream: true });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(streamed.json().error.message).toBe(DOCUMENT_TEXTS.combinedTooLarge);
    expect(await storedSizes(setId)).toEqual([QA_LIMITS.maxDocumentsBytes - MB]);
    // Exactly what is left fits; then nothing more does.
    expect((await upload(setId, 'last.txt', Buffer.alloc(MB, 'c'), { stream: true })).statusCode).toBe(201);
    const full = await upload(setId, 'one-more.txt', Buffer.from('d'));
    expect(full.statusCode).toBe(413);
    expect(full.json().error.message).toBe(DOCUMENT_TEXTS.combinedTooLarge);
  });

  it('keeps only one of two uploads that each fit alone but not together', async () => {
    const setId = await newSet('Race');
    const half = Buffer.alloc(QA_LIMITS.maxDocumentsBytes / 2 + 1, 'a');
    const results = await Promise.allSettled([add(setId, 'a.txt', half), add(setId, 'b.txt', half)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 413, message: DOCUMENT_TEXTS.combinedTooLarge });
    expect(await storedSizes(setId)).toEqual([half.length]);
  });
});
