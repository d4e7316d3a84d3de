import { messages } from '@agaton/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.ts';
import { AppError } from './app-error.ts';
import { readMultipart, registerMultipart } from './multipart.ts';

const BOUNDARY = '----agaton-multipart-test';

/** A multipart body of the parts in the order given: a string is a field, a Buffer a file. */
function body(parts: [name: string, value: string | Buffer][]) {
  const chunks = parts.map(([name, value]) =>
    typeof value === 'string'
      ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          value,
          Buffer.from('\r\n'),
        ]),
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
  };
}

const app = Fastify();
/** What the last request's readers saw and what was discarded. */
const seen: { fieldsBefore: Record<string, string>[]; discarded: unknown[] } = {
  fieldsBefore: [],
  discarded: [],
};

beforeAll(async () => {
  registerErrorHandling(app);
  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/upload', async (request) => {
      const { fields, files } = await readMultipart(request, {
        notMultipart: 'Send multipart.',
        tooLarge: 'The file is larger than 16 bytes.',
        limits: { fileSize: 16, files: 2, fields: 3, fieldSize: 64 },
        files: {
          file: {
            read: async (part, before) => {
              seen.fieldsBefore.push({ ...before });
              return (await part.toBuffer()).toString();
            },
          },
          note: {
            tooLarge: 'The note is larger than 4 bytes.',
            read: async (part) => {
              const text = (await part.toBuffer()).toString();
              if (text.length > 4) throw new AppError('PAYLOAD_TOO_LARGE');
              if (text === 'bad') throw new AppError('VALIDATION', 'A bad note.');
              return text;
            },
          },
        },
        discard: async (files) => {
          seen.discarded.push(files);
        },
      });
      return { fields, files };
    });
  });
  await app.ready();
});

afterAll(() => app.close());

const send = (parts: [string, string | Buffer][]) => {
  seen.fieldsBefore = [];
  seen.discarded = [];
  return app.inject({ method: 'POST', url: '/upload', ...body(parts) });
};

describe('readMultipart', () => {
  it('refuses a body that is not multipart with the upload’s 415 text', async () => {
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Send multipart.');
  });

  it('collects fields in any order and reads the first part of each expected name, draining the rest', async () => {
    const res = await send([
      ['title', 'a call'],
      ['file', Buffer.from('first')],
      ['other', Buffer.from('ignored')],
      ['after', 'yes'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { title: 'a call', after: 'yes' }, files: { file: 'first' } });
    // The reader sees the fields sent before its part.
    expect(seen.fieldsBefore).toEqual([{ title: 'a call' }]);
  });

  it('answers a file over busboy’s size 413 with the upload’s text, discarding what was read', async () => {
    const res = await send([
      ['note', Buffer.from('ok')],
      ['file', Buffer.alloc(40, 1)],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is larger than 16 bytes.');
    expect(seen.discarded).toEqual([{ note: 'ok' }]);
  });

  it('gives a reader’s own size refusal the part’s 413 text; other AppErrors pass as they are', async () => {
    const large = await send([['note', Buffer.from('too long')]]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe('The note is larger than 4 bytes.');
    const bad = await send([['note', Buffer.from('bad')]]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('A bad note.');
  });

  it('answers too many files or fields 400, not 413', async () => {
    const files = await send([
      ['file', Buffer.from('1')],
      ['note', Buffer.from('2')],
      ['file', Buffer.from('3')],
    ]);
    expect(files.statusCode).toBe(400);
    expect(files.json().error.message).toBe(messages.request.tooManyParts);
    const fields = await send([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
    ]);
    expect(fields.statusCode).toBe(400);
    expect(fields.json().error.message).toBe(messages.request.tooManyParts);
  });
});
