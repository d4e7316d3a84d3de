import nodemailer from 'nodemailer';
import type { MailTransport } from '../../lib/mailer.ts';

/** SMTP delivery through nodemailer, e.g. SMTP_URL=smtp://user:pass@mail.example.com:587. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
