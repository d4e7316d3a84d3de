import { type AddressInfo, createServer, type Socket } from 'node:net';
import { emailOutbox } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactMail } from '../../lib/mailer.ts';
import { testInvitationEmail, trainingInvitationEmail } from '../../modules/recruitment/invitation-email.ts';
import { call, createTestApp, outboxReaderToken, type TestApp } from '../../testing/test-app.ts';

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

    // Sent off the request path: the answer does not wait for the SMTP server.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
    expect(received[0].from).toBe('noreply@agaton.test');
    expect(received[0].to).toEqual(['smtp.user@example.com']);
    expect(received[0].raw).toContain('Subject: Reset your Agaton password');
    // Quoted-printable may wrap the long link; undo soft line breaks before looking for it.
    const body = received[0].raw.replace(/=\r?\n/g, '');
    expect(body).toMatch(/http:\/\/agaton\.test\/coach\/auth\/reset-pass\/[A-Za-z0-9_-]{20,}/);

    const outbox = await call(t.app, 'GET', '/api/dev/outbox?to=smtp.user@example.com', {
      token: await outboxReaderToken(t, 'smtp.user@example.com'),
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
        token: await outboxReaderToken(down, 'offline@example.com'),
      });
      expect(outbox.json()[0].subject).toBe('Reset your Agaton password');
    } finally {
      await down.close();
    }
  });
});

/** A loopback server that accepts SMTP connections and never says a word (a stalled mail server). */
async function stalledSmtp() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a stalled SMTP server', () => {
  it('does not slow the reset request, for a known or an unknown address alike', async () => {
    const smtpServer = await stalledSmtp();
    const app = await createTestApp({ SMTP_URL: smtpServer.url });
    try {
      await buildUser(app.db, { email: 'stalled@example.com' });
      const timed = async (path: string, body: object) => {
        const started = performance.now();
        const res = await call(app.app, 'POST', path, { body });
        expect(res.statusCode).toBe(204);
        return performance.now() - started;
      };
      const known = await timed('/api/password-reset-request', { username: 'stalled@example.com' });
      const unknown = await timed('/api/password-reset-request', { username: 'nobody@example.com' });
      const app2 = await timed('/api/app-user/auth/forgot-password', { email: 'stalled@example.com' });
      // Waiting on the silent server would take nodemailer's 30 s greeting timeout; the bound leaves
      // room for a machine busy with other test files.
      for (const ms of [known, unknown, app2]) expect(ms).toBeLessThan(5000);
      // The e-mails were recorded, and their delivery is waiting on the silent server.
      const outbox = await call(app.app, 'GET', '/api/dev/outbox?to=stalled@example.com', {
        token: await outboxReaderToken(app, 'stalled@example.com'),
      });
      expect(outbox.json()).toHaveLength(2);
      await vi.waitFor(() => expect(smtpServer.connections()).toBeGreaterThan(0), { timeout: 5000 });
    } finally {
      // Closing the silent server fails the pending deliveries, so the app closes at once.
      await smtpServer.close();
      await app.close();
    }
  });
});

describe('secrets in the outbox', () => {
  it('keeps the reset link redacted when the outbox viewer is off; the recipient gets the real link', async () => {
    const before = received.length;
    const app = await createTestApp({
      MAIL_OUTBOX_VIEWER: '0',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    });
    try {
      await buildUser(app.db, { email: 'redacted@example.com' });
      const res = await call(app.app, 'POST', '/api/password-reset-request', {
        body: { username: 'redacted@example.com' },
      });
      expect(res.statusCode).toBe(204);
      await vi.waitFor(() => expect(received.length).toBe(before + 1), { timeout: 5000 });
      const body = received[before].raw.replace(/=\r?\n/g, '');
      const token = body.match(/reset-pass\/([A-Za-z0-9_-]{20,})/)?.[1];
      expect(token).toBeTruthy();

      const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'redacted@example.com'));
      expect(row.text).toContain(`http://agaton.test/coach/auth/reset-pass/${REDACTED}`);
      expect(row.text).not.toContain(token);
      expect(row.html).not.toContain(token);
      // The link still works for the recipient.
      const reset = await call(app.app, 'PUT', '/api/password', {
        body: { password: 'Redacted9New' },
        token: token!,
      });
      expect(reset.statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });

  it('marks the test code and the training invitation token as secrets of their e-mails', () => {
    const test = redactMail(
      testInvitationEmail({
        to: 'cand@example.com',
        candidateName: 'Cand',
        orgName: 'Org',
        code: 'K7QM-3XPT',
        expiresAt: new Date('2026-03-03T14:05:00Z'),
        link: 'http://agaton.test/candidate',
      }),
    );
    expect(`${test.text}${test.html}`).not.toContain('K7QM-3XPT');
    expect(test.text).toContain(`Test code: ${REDACTED}`);
    const training = redactMail(
      trainingInvitationEmail({
        to: 't@example.com',
        candidateName: 'T',
        orgName: 'Org',
        link: 'http://agaton.test/coach/training-invite/abc.123.SIGNATURE',
      }),
    );
    expect(`${training.text}${training.html}`).not.toContain('abc.123.SIGNATURE');
    expect(training.text).toContain(`/coach/training-invite/${REDACTED}`);
  });
});
