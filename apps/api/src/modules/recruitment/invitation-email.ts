import { RECRUITMENT_TEXTS, TEST_PART_LABELS, TEST_PARTS } from '@agaton/contracts';
import type { MailMessage } from '../../lib/mailer.ts';

/** Names and organisation names are typed by admins; they must never become markup. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The expiry as people read it in any locale: "3 March 2026, 14:05 UTC". */
function readableDate(date: Date): string {
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

export interface TestInvitation {
  to: string;
  candidateName: string;
  orgName: string;
  code: string;
  expiresAt: Date;
  /** `${PUBLIC_URL}/candidate`, where the candidate signs in. */
  link: string;
}

/** The English test invitation: where to go, the e-mail and code to sign in with, until when, what to expect. */
export function testInvitationEmail(invite: TestInvitation): MailMessage {
  const parts = TEST_PARTS.map((part) => TEST_PART_LABELS[part]).join(', ');
  const until = readableDate(invite.expiresAt);
  const text = [
    `Hello ${invite.candidateName},`,
    '',
    `${invite.orgName} invites you to take the English Test.`,
    '',
    `Open ${invite.link} and sign in with:`,
    `  Username: ${invite.to}`,
    `  Test code: ${invite.code}`,
    '',
    `The code works until ${until}.`,
    '',
    `The test has four parts (${parts}) and takes about 30 minutes.`,
    'You will read sentences aloud and answer a question by speaking, so you need a microphone and a quiet place.',
    '',
    'Good luck!',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>Hello ${e(invite.candidateName)},</p>`,
    `<p>${e(invite.orgName)} invites you to take the English Test.</p>`,
    `<p><a href="${e(invite.link)}">Open the test</a> and sign in with:</p>`,
    `<p>Username: <strong>${e(invite.to)}</strong><br>Test code: <strong>${e(invite.code)}</strong></p>`,
    `<p>The code works until ${e(until)}.</p>`,
    `<p>The test has four parts (${e(parts)}) and takes about 30 minutes. You will read sentences aloud and answer a question by speaking, so you need a microphone and a quiet place.</p>`,
    '<p>Good luck!</p>',
  ].join('');
  return {
    to: invite.to,
    subject: RECRUITMENT_TEXTS.invitationSubject(invite.orgName),
    text,
    html,
    // The code signs the candidate in: the outbox keeps `[redacted]` (the admin sees codes on the dashboard).
    secrets: [invite.code],
  };
}

export interface TrainingInvitation {
  to: string;
  candidateName: string;
  orgName: string;
  /** `${PUBLIC_URL}/coach/training-invite/{token}` (decision 018). */
  link: string;
}

/** Invitation to the English Learning App: accept (with a coach account) or decline on the linked page. */
export function trainingInvitationEmail(invite: TrainingInvitation): MailMessage {
  const e = escapeHtml;
  return {
    to: invite.to,
    subject: RECRUITMENT_TEXTS.trainingInvitationSubject(invite.orgName),
    // The signed token declines the invitation without a sign-in (decision 018): redacted in the outbox.
    secrets: [invite.link.slice(invite.link.lastIndexOf('/') + 1)],
    text: [
      `Hello ${invite.candidateName},`,
      '',
      `${invite.orgName} invites you to practise your English with Agaton, the English Learning App.`,
      '',
      `Open ${invite.link} to accept or decline. To accept, sign in or create your account with this e-mail address (${invite.to}).`,
    ].join('\n'),
    html: [
      `<p>Hello ${e(invite.candidateName)},</p>`,
      `<p>${e(invite.orgName)} invites you to practise your English with Agaton, the English Learning App.</p>`,
      `<p><a href="${e(invite.link)}">Open the invitation</a> to accept or decline. To accept, sign in or create your account with this e-mail address (${e(invite.to)}).</p>`,
    ].join(''),
  };
}
