import { type Database, emailOutbox } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Parts of the text that act as credentials (a reset token, a test code, an invitation token). The
   * recipient gets them; the outbox row and the log get `[redacted]` instead, unless the outbox viewer
   * is on (development and tests, never production).
   */
  secrets?: string[];
}

/** What a transport is handed: the real message, and the copy the outbox keeps (for logging). */
export interface OutgoingMail extends Omit<MailMessage, 'secrets'> {
  from: string;
  storedText: string;
}

/** A way of delivering e-mail. The embedded default delivers nowhere (the outbox row is the delivery). */
export interface MailTransport {
  readonly name: string;
  deliver(message: OutgoingMail): Promise<void>;
}

export const REDACTED = '[redacted]';

/** The message with every secret replaced, as the outbox and the log keep it. */
export function redactMail(message: MailMessage): { text: string; html: string | null } {
  let { text } = message;
  let html = message.html ?? null;
  for (const secret of message.secrets ?? []) {
    if (!secret) continue;
    text = text.replaceAll(secret, REDACTED);
    html = html?.replaceAll(secret, REDACTED) ?? null;
  }
  return { text, html };
}

/** Logs the message as the outbox keeps it, so a developer with the outbox viewer can follow reset links. */
export function embeddedTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'embedded',
    async deliver(message) {
      log.info({ to: message.to, subject: message.subject }, `e-mail (outbox only):\n${message.storedText}`);
    },
  };
}

export interface MailerOptions {
  /** Keep secrets in the outbox in clear (MAIL_OUTBOX_VIEWER=1, refused in production). */
  keepSecrets: boolean;
}

/**
 * Sends e-mail: records it in the outbox table (secrets redacted), then hands it to the transport in the
 * background, so a slow or failing SMTP server never slows or fails the request that sent it. A
 * transport failure is logged, not thrown, so a mail outage never reveals whether an account exists.
 * Delivery is in memory: an e-mail whose process dies before the SMTP server took it is not retried
 * (its outbox row stays without `sent_at`); the secrets are nowhere else to resend it from.
 */
export class Mailer {
  /** Background work (delivery and `later` tasks) still running, awaited by `settled()` and `close()`. */
  private readonly pending = new Set<Promise<void>>();
  /** The part of that work before delivery: composing and recording (what the outbox viewer waits for). */
  private readonly recording = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions = { keepSecrets: false },
  ) {}

  /** Records the e-mail in the outbox and starts its delivery; resolves once recorded. */
  async send(message: MailMessage): Promise<void> {
    const stored = this.options.keepSecrets
      ? { text: message.text, html: message.html ?? null }
      : redactMail(message);
    const [row] = await this.db
      .insert(emailOutbox)
      .values({ to: message.to, subject: message.subject, ...stored, provider: this.transport.name })
      .returning({ id: emailOutbox.id });
    const { secrets: _secrets, ...mail } = message;
    this.track(
      this.pending,
      (async () => {
        try {
          await this.transport.deliver({ ...mail, from: this.from, storedText: stored.text });
          await this.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
        } catch (error) {
          this.log.error({ err: error, to: message.to }, 'e-mail delivery failed');
        }
      })(),
    );
  }

  /**
   * Runs `task` (which usually ends in `send`) off the request path: the caller answers at once, and
   * how long the task takes (an account lookup, a token) tells the client nothing. A failure is logged.
   */
  later(what: string, task: () => Promise<void>): void {
    const run = task().catch((error) => this.log.error({ err: error }, `${what} failed`));
    this.track(this.recording, run);
    this.track(this.pending, run);
  }

  /** Waits until every `later` task has recorded its e-mail (not for their delivery). */
  async settled(): Promise<void> {
    while (this.recording.size > 0) await Promise.all(this.recording);
  }

  /** Waits for background work (recording and delivery) up to `graceMs`, for a clean shutdown. */
  async close(graceMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    const drain = (async () => {
      while (this.pending.size > 0) await Promise.all(this.pending);
    })();
    await Promise.race([drain, timeout]);
    clearTimeout(timer);
  }

  private track(set: Set<Promise<void>>, work: Promise<void>) {
    set.add(work);
    void work.finally(() => set.delete(work));
  }
}
