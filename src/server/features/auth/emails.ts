// The account mails, in the recipient's language (the catalogues of server/i18n: keys 'mail.*').
import type { Mail } from '../../lib/mailer.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/languages.js';

export function verificationMail(to: string, firstName: string, link: string, language: Language = 'en'): Mail {
  const name = { name: firstName };
  const safe = { name: escapeHtml(firstName) };
  return {
    to,
    subject: t('mail.verification.subject', language),
    text: `${t('mail.greeting', language, name)}\n\n${t('mail.verification.text', language)}\n${link}\n\n${t('mail.verification.expires', language)}\n`,
    html: `<p>${t('mail.greeting', language, safe)}</p><p>${t('mail.verification.html', language)}</p><p><a href="${link}">${t('mail.verification.button', language)}</a></p><p>${t('mail.verification.expires', language)}</p>`,
  };
}

export function resetMail(to: string, firstName: string, link: string, language: Language = 'en'): Mail {
  const name = { name: firstName };
  const safe = { name: escapeHtml(firstName) };
  return {
    to,
    subject: t('mail.reset.subject', language),
    text: `${t('mail.greeting', language, name)}\n\n${t('mail.reset.text', language)}\n${link}\n\n${t('mail.reset.expires', language)}\n`,
    html: `<p>${t('mail.greeting', language, safe)}</p><p>${t('mail.reset.html', language)}</p><p><a href="${link}">${t('mail.reset.button', language)}</a></p><p>${t('mail.reset.expires', language)}</p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
