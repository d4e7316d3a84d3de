import { type Database, emailOutbox } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A way of delivering e-mail. The embedded default delivers nowhere (the outbox row is the delivery). */
export interface MailTransport {
  readonly name: string;
  deliver(message: MailMessage & { from: string }): Promise<void>;
}

/** Logs the message so a developer can follow reset links without any mail server. */
export function embeddedTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'embedded',
    async deliver(message) {
      log.info({ to: message.to, subject: message.subject }, `e-mail (outbox only):\n${message.text}`);
    },
  };
}

/**
 * Sends e-mail: records it in the outbox table, then hands it to the transport. A transport failure is
 * logged, not thrown, so a mail outage never reveals whether an account exists.
 */
export class Mailer {
  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(emailOutbox)
      .values({ ...message, html: message.html ?? null, provider: this.transport.name })
      .returning({ id: emailOutbox.id });
    try {
      await this.transport.deliver({ ...message, from: this.from });
      await this.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
    } catch (error) {
      this.log.error({ err: error, to: message.to }, 'e-mail delivery failed');
    }
  }
}
