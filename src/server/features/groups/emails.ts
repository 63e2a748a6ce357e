// Group invite e-mails ('Invites by e-mail'): an existing account gets a link to its
// pending invites; an unknown address gets an invitation to register, and the invite waits for the
// account once the address is verified.
import type { Mail } from '../../lib/mailer.js';

export interface InviteMailInput {
  to: string;
  groupName: string;
  inviterName: string;
  /** An account already holds the address. */
  existing: boolean;
  publicUrl: string;
}

export function inviteMail(i: InviteMailInput): Mail {
  const group = i.groupName;
  if (i.existing) {
    const link = `${i.publicUrl}/me/forum/groups`;
    return {
      to: i.to,
      subject: `You are invited to join ${group}`,
      text: `Hi,\n\n${i.inviterName} invited you to join the group "${group}" in the REALITi Community.\nTo accept or decline, open:\n${link}\n`,
      html: `<p>Hi,</p><p>${escapeHtml(i.inviterName)} invited you to join the group <strong>${escapeHtml(group)}</strong> in the REALITi Community.</p><p><a href="${link}">Accept or decline the invite</a></p>`,
    };
  }
  const link = `${i.publicUrl}/register`;
  return {
    to: i.to,
    subject: `Join ${group} in the REALITi Community`,
    text:
      `Hi,\n\n${i.inviterName} invited you to join the group "${group}" in the REALITi Community.\n` +
      `Create your account with this e-mail address here:\n${link}\n\nOnce you have verified your address, the invite is waiting for you under My Groups.\n`,
    html:
      `<p>Hi,</p><p>${escapeHtml(i.inviterName)} invited you to join the group <strong>${escapeHtml(group)}</strong> in the REALITi Community.</p>` +
      `<p><a href="${link}">Create your account</a> with this e-mail address. Once you have verified it, the invite is waiting for you under My Groups.</p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
