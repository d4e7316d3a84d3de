import type { MailMessage } from '../../lib/mailer.ts';

/** Password-reset e-mail; the link's token is the only secret, valid for one hour (redacted in the outbox). */
export function resetPasswordEmail(to: string, link: string, token: string): MailMessage {
  return {
    to,
    secrets: [token],
    subject: 'Reset your Agaton password',
    text: `Someone asked to reset the password of your Agaton account.\n\nSet a new password: ${link}\n\nThe link is valid for one hour. If it was not you, ignore this e-mail.`,
    html: `<p>Someone asked to reset the password of your Agaton account.</p><p><a href="${link}">Set a new password</a></p><p>The link is valid for one hour. If it was not you, ignore this e-mail.</p>`,
  };
}

/** E-mail verification of a new coach or admin account; the token is the secret, valid for two days. */
export function verifyEmailEmail(to: string, link: string, token: string): MailMessage {
  return {
    to,
    secrets: [token],
    subject: 'Verify your Agaton email address',
    text: `Welcome to Agaton. Please confirm this is your email address: ${link}\n\nThe link is valid for two days. If you did not create an Agaton account, ignore this e-mail.`,
    html: `<p>Welcome to Agaton. Please confirm this is your email address.</p><p><a href="${link}">Verify my email address</a></p><p>The link is valid for two days. If you did not create an Agaton account, ignore this e-mail.</p>`,
  };
}
