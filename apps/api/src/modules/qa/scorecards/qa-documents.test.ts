import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QA_LIMITS, scorecardDocumentSchema } from '@agaton/contracts';
import { qaDocuments } from '@agaton/db';
import { buildAdmin, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../lib/context.ts';
import { createObjectStore } from '../../../providers/storage/object-store.ts';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { multipart } from '../../scoring/scoring.test-helper.ts';
import { addDocument } from './qa-documents.service.ts';
import { DOCUMENT_TEXTS } from './qa-documents.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'qa-documents-fixtures', name));

let t: TestApp;
const tokens = { owner: '', other: '' };
let questionSetId = '';

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

function upload(
  filename: string,
  data: Buffer,
  options: { token?: string; setId?: string; contentType?: string } = {},
) {
  const body = multipart(
    {},
    { name: 'documentFile', filename, contentType: options.contentType ?? 'application/octet-stream', data },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/qa/question-sets/${options.setId ?? questionSetId}/documents`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${options.token ?? tokens.owner}` },
  });
}

const textOf = async (documentId: string) =>
  (await t.db.select({ text: qaDocuments.text }).from(qaDocuments).where(eq(qaDocuments.id, documentId)))[0]
    ?.text;

beforeAll(async () => {
  t = await createTestApp();
  await buildAdmin(t.db, { email: 'owner@qa-docs-a.example' });
  await buildAdmin(t.db, { email: 'owner@qa-docs-b.example' });
  tokens.owner = await adminToken('owner@qa-docs-a.example');
  tokens.other = await adminToken('owner@qa-docs-b.example');
  const res = await call(t.app, 'POST', '/api/qa/question-sets', {
    token: tokens.owner,
    body: { name: 'Sales' },
  });
  questionSetId = res.json().questionSetId;
});
afterAll(() => t.close());

describe('scorecard documents', () => {
  it.each([
    ['policy.pdf', 'application/pdf', 'agents never promise a refund before the order is checked'],
    [
      'script.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      "confirm the customer's address before booking",
    ],
    ['guidelines.txt', 'text/plain', 'Thank you for calling, my name is'],
  ])('stores %s, told by its bytes, with its text for the answerer', async (name, contentType, phrase) => {
    // The browser's label is ignored: the bytes decide.
    const res = await upload(name, fixture(name));
    expect(res.statusCode, res.body).toBe(201);
    const doc = scorecardDocumentSchema.parse(res.json());
    expect(doc).toMatchObject({
      fileName: name,
      contentType,
      sizeBytes: fixture(name).length,
      questionSetId,
    });
    expect(doc.textChars).toBeGreaterThan(phrase.length);
    expect(await textOf(doc.documentId)).toContain(phrase);
    const list = await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/documents`, {
      token: tokens.owner,
    });
    expect(list.json().documents.map((d: { fileName: string }) => d.fileName)).toContain(name);
  });

  it.each([
    ['a zip without a Word document', 'notes.docx', fixture('not-a-docx.zip')],
    ['a PNG image', 'logo.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['binary bytes named .txt', 'data.txt', Buffer.from([0x41, 0x42, 0x00, 0x01, 0x02, 0x43])],
    ['text that is not UTF-8', 'latin1.txt', Buffer.from('Caf\xe9 cr\xe8me', 'latin1')],
  ])('refuses %s with 415', async (_what, name, data) => {
    const before = (
      await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/documents`, { token: tokens.owner })
    ).json().documents.length;
    const res = await upload(name, data, { contentType: 'text/plain' });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.unsupported);
    const after = (
      await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/documents`, { token: tokens.owner })
    ).json().documents.length;
    expect(after).toBe(before);
  });

  it('refuses a damaged PDF (422) with the reason', async () => {
    const res = await upload('broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a PDF'));
    expect(res.statusCode, res.body).toBe(422);
    expect([DOCUMENT_TEXTS.unreadable, DOCUMENT_TEXTS.noText]).toContain(res.json().error.message);
  });

  it('refuses an empty file and one without text (422)', async () => {
    expect((await upload('empty.txt', Buffer.alloc(0))).statusCode).toBe(422);
    const blank = await upload('blank.txt', Buffer.from('  \n\n \t\n'));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.message).toBe(DOCUMENT_TEXTS.noText);
  });

  it('refuses a document over 100 MB with 413 and keeps nothing', async () => {
    const big = Buffer.alloc(QA_LIMITS.maxDocumentsBytes + 1, 'a');
    const res = await upload('huge.txt', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.tooLarge);
    const names = (
      await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/documents`, { token: tokens.owner })
    )
      .json()
      .documents.map((d: { fileName: string }) => d.fileName);
    expect(names).not.toContain('huge.txt');
  });

  it('deletes a document with its stored file', async () => {
    const res = await upload('to-delete.txt', Buffer.from('Temporary guideline text'));
    const { documentId } = res.json();
    const [{ objectKey }] = await t.db
      .select({ objectKey: qaDocuments.objectKey })
      .from(qaDocuments)
      .where(eq(qaDocuments.id, documentId));
    const store = createObjectStore(t.config);
    expect(await store.exists(objectKey)).toBe(true);
    const url = `/api/qa/question-sets/${questionSetId}/documents/${documentId}`;
    expect((await call(t.app, 'DELETE', url, { token: tokens.other })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', url, { token: tokens.owner })).statusCode).toBe(204);
    expect(await store.exists(objectKey)).toBe(false);
    expect((await call(t.app, 'DELETE', url, { token: tokens.owner })).statusCode).toBe(404);
  });

  it("refuses uploads to another organisation's scorecard (404) and one without documentFile (400)", async () => {
    expect(
      (await upload('guidelines.txt', fixture('guidelines.txt'), { token: tokens.other })).statusCode,
    ).toBe(404);
    const wrongField = multipart(
      {},
      { name: 'file', filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('hi') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/qa/question-sets/${questionSetId}/documents`,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, authorization: `Bearer ${tokens.owner}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(DOCUMENT_TEXTS.noFile);
  });

  it('counts documents on the scorecard and removes them with it', async () => {
    const card = (
      await call(t.app, 'POST', '/api/qa/question-sets', { token: tokens.owner, body: { name: 'Gone' } })
    ).json();
    const doc = (
      await upload('guidelines.txt', fixture('guidelines.txt'), { setId: card.questionSetId })
    ).json();
    const listed = (await call(t.app, 'GET', '/api/qa/question-sets', { token: tokens.owner })).json()
      .questionSets;
    expect(listed.find((s: { name: string }) => s.name === 'Gone').documentCount).toBe(1);
    const [{ objectKey }] = await t.db
      .select({ objectKey: qaDocuments.objectKey })
      .from(qaDocuments)
      .where(eq(qaDocuments.id, doc.documentId));
    expect(
      (await call(t.app, 'DELETE', `/api/qa/question-sets/${card.questionSetId}`, { token: tokens.owner }))
        .statusCode,
    ).toBe(204);
    expect(await textOf(doc.documentId)).toBeUndefined();
    expect(await createObjectStore(t.config).exists(objectKey)).toBe(false);
  });

  it('adds a document from bytes in hand (seeds) with the same checks as an upload', async () => {
    const owner = (await call(t.app, 'GET', '/api/admin', { token: tokens.owner })).json();
    const ctx = { db: t.db } as AppContext;
    const store = createObjectStore(t.config);
    const orgId = owner.organizationInfo.id;
    const doc = await addDocument(ctx, {
      orgId,
      questionSetId,
      fileName: 'script.docx',
      bytes: fixture('script.docx'),
      store,
    });
    expect(doc.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await textOf(doc.documentId)).toContain('Offer the premium plan only when asked.');
    await expect(
      addDocument(ctx, { orgId, questionSetId, fileName: 'x.zip', bytes: fixture('not-a-docx.zip'), store }),
    ).rejects.toMatchObject({ statusCode: 415 });
  });
});
