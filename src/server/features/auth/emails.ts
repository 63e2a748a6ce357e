import type { Mail } from '../../lib/mailer.js';

export function verificationMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your REALITi Community account',
    text: `Hi ${firstName},\n\nPlease verify your e-mail address by opening this link:\n${link}\n\nThe link expires in 7 days.\n`,
    html: `<p>Hi ${escapeHtml(firstName)},</p><p>Please verify your e-mail address:</p><p><a href="${link}">Verify my account</a></p><p>The link expires in 7 days.</p>`,
  };
}

export function resetMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your REALITi Community password',
    text: `Hi ${firstName},\n\nSomeone asked to reset your password. To choose a new one, open this link:\n${link}\n\nThe link expires in 1 hour and works once. If it wasn't you, ignore this e-mail.\n`,
    html: `<p>Hi ${escapeHtml(firstName)},</p><p>To choose a new password, open this link:</p><p><a href="${link}">Reset my password</a></p><p>The link expires in 1 hour and works once. If it wasn't you, ignore this e-mail.</p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
