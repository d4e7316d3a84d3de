import type { ContactSalesRequest } from '@agaton/contracts';
import { contactSalesRequests } from '@agaton/db';
import type { AppContext } from '../../lib/context.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** One line, so a name cannot add headers or lines of its own to the subject. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The e-mail the sales address receives; plain text, so nothing the sender typed is rendered. */
export function contactSalesEmail(
  to: string,
  request: ContactSalesRequest & { account: string | null },
): MailMessage {
  return {
    to,
    subject: `Contact sales: ${oneLine(request.name)} <${request.email}>`,
    text: [
      'A contact-sales request from the Agaton app.',
      '',
      `Name: ${oneLine(request.name)}`,
      `E-mail: ${request.email}`,
      `Signed-in account: ${request.account ?? 'none'}`,
      '',
      'Message:',
      request.message,
    ].join('\n'),
  };
}

/**
 * POST /contact-sales (spec 1 §7): stores the request, then e-mails it to SALES_EMAIL through the
 * mailer (whose outbox keeps it even when delivery fails).
 */
export async function contactSales(
  ctx: AppContext,
  options: { request: ContactSalesRequest; userId: string | null; accountEmail: string | null },
) {
  const { request } = options;
  await ctx.db.insert(contactSalesRequests).values({
    userId: options.userId,
    email: request.email,
    name: request.name,
    message: request.message,
  });
  await ctx.mailer.send(
    contactSalesEmail(ctx.config.SALES_EMAIL, { ...request, account: options.accountEmail }),
  );
}
