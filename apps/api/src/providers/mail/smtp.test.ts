import type { AddressInfo } from 'node:net';
import { buildUser } from '@agaton/db/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, outboxToken, type TestApp } from '../../testing/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[];
let t: TestApp;

beforeAll(async () => {
  received = [];
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback; STARTTLS would need a trusted certificate.
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Agaton <noreply@agaton.test>',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP mail provider', () => {
  it('delivers the password-reset e-mail to a real SMTP server and keeps it in the outbox', async () => {
    await buildUser(t.db, { email: 'smtp.user@example.com' });
    const res = await call(t.app, 'POST', '/api/password-reset-request', {
      body: { username: 'smtp.user@example.com' },
    });
    expect(res.statusCode).toBe(204);

    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('noreply@agaton.test');
    expect(received[0].to).toEqual(['smtp.user@example.com']);
    expect(received[0].raw).toContain('Subject: Reset your Agaton password');
    // Quoted-printable may wrap the long link; undo soft line breaks before looking for it.
    const body = received[0].raw.replace(/=\r?\n/g, '');
    expect(body).toMatch(/http:\/\/agaton\.test\/coach\/auth\/reset-pass\/[A-Za-z0-9_-]{20,}/);

    const outbox = await call(t.app, 'GET', '/api/dev/outbox?to=smtp.user@example.com', {
      token: await outboxToken(),
    });
    expect(outbox.json()).toHaveLength(1);
  });
});

describe('SMTP outage', () => {
  it('still answers 204 and records the e-mail when the SMTP server is unreachable', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await buildUser(down.db, { email: 'offline@example.com' });
      const res = await call(down.app, 'POST', '/api/password-reset-request', {
        body: { username: 'offline@example.com' },
      });
      expect(res.statusCode).toBe(204);
      const outbox = await call(down.app, 'GET', '/api/dev/outbox?to=offline@example.com', {
        token: await outboxToken(),
      });
      expect(outbox.json()[0].subject).toBe('Reset your Agaton password');
    } finally {
      await down.close();
    }
  });
});
