// The e-mail digest: daily or weekly per user ('off' sends none), holding the unread notifications
// of the kinds the user sends to the digest that arrived since their last digest (an item is mailed
// once). A run picks the users who are due and queues one job each; each job claims the user's
// digest (moves last_digest_at on only if no other process did) before it sends, so a digest goes
// once even when two servers run at the same time. Each mail carries a one-click unsubscribe link
// (RFC 8058: List-Unsubscribe + List-Unsubscribe-Post) with a signed token: it works without
// signing in and turns the digest off, nothing else. Mail is in the recipient's language.
import type { DB } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { t, userLanguage } from '../../i18n/index.js';
import { storedNotificationText } from '../../lib/notifications.js';
import { DEFAULT_DIGEST_FREQUENCY } from '../../../shared/notification-kinds.js';
import type { Language } from '../../../shared/languages.js';

export const DIGEST_RUN_JOB = 'notifications.digest.run';
export const DIGEST_USER_JOB = 'notifications.digest.user';

const DAY_MS = 24 * 3600 * 1000;
/** A digest lists at most this many items (the newest); the rest wait in the app. */
const DIGEST_ITEMS = 50;
/** A little slack, so a digest sent a few minutes late yesterday is due at the same hour today. */
const SLACK_MS = 30 * 60 * 1000;

const PERIOD_MS: Record<string, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${hmac(secret, `digest-unsubscribe\n${userId}`)}`;
}

/** The user a token names, or null when it is not one this server signed. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const [id, sig] = token.split('.');
  if (!id || !sig || !/^\d{1,10}$/.test(id)) return null;
  return safeEqual(hmac(secret, `digest-unsubscribe\n${Number(id)}`), sig) ? Number(id) : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface DigestItem {
  name: string;
  description: string;
  link: string;
}

export function digestMail(opts: { to: string; firstName: string; items: DigestItem[]; publicUrl: string; unsubscribeUrl: string; pageUrl: string; language: Language }): Mail {
  const { items, language: lang } = opts;
  const url = (link: string) => (link.startsWith('/') ? `${opts.publicUrl}${link}` : link);
  const text = [
    t('mail.greeting', lang, { name: opts.firstName }),
    '',
    t(items.length === 1 ? 'mail.digest.intro_one' : 'mail.digest.intro_other', lang, { count: items.length }),
    '',
    ...items.flatMap((i) => [`- ${i.name}: ${i.description}`, `  ${url(i.link)}`]),
    '',
    `${t('mail.digest.all', lang)} ${opts.pageUrl}`,
    '',
    `${t('mail.digest.unsubscribe', lang)} ${opts.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(t('mail.greeting', lang, { name: opts.firstName }))}</p>` +
    `<p>${escapeHtml(t(items.length === 1 ? 'mail.digest.intro_one' : 'mail.digest.intro_other', lang, { count: items.length }))}</p>` +
    `<ul>${items.map((i) => `<li><a href="${escapeHtml(url(i.link))}">${escapeHtml(i.name)}</a>: ${escapeHtml(i.description)}</li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(opts.pageUrl)}">${escapeHtml(t('mail.digest.all', lang))}</a></p>` +
    `<p style="font-size:small"><a href="${escapeHtml(opts.unsubscribeUrl)}">${escapeHtml(t('mail.digest.unsubscribe_link', lang))}</a></p>`;
  return { to: opts.to, subject: t('mail.digest.subject', lang, { count: items.length }), text, html };
}

export function digestService(db: DB, mailer: Mailer, opts: { secret: string; publicUrl: string; enqueue: (type: string, payload: Record<string, unknown>) => Promise<void> }) {
  /** Users with a digest kind and the digest on; `force` ignores when their last digest went. */
  async function dueUsers(force: boolean): Promise<number[]> {
    const rows = await db
      .selectFrom('notification_settings as s')
      .leftJoin('notification_preferences as p', 'p.user_id', 's.user_id')
      .select(['s.user_id', 'p.digest_frequency', 'p.last_digest_at'])
      .distinct()
      .where('s.digest', '=', 1)
      .execute();
    const at = Date.now();
    return rows
      .filter((r) => {
        const frequency = r.digest_frequency ?? DEFAULT_DIGEST_FREQUENCY;
        if (frequency === 'off' || !PERIOD_MS[frequency]) return false;
        return force || !r.last_digest_at || at - Date.parse(r.last_digest_at) >= PERIOD_MS[frequency] - SLACK_MS;
      })
      .map((r) => r.user_id);
  }

  /** Moves the user's last digest time from `previous` to `at`; false when another process moved it first. */
  async function claim(userId: number, previous: string | null | undefined, at: string): Promise<boolean> {
    if (previous === undefined) {
      const res = await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, digest_frequency: DEFAULT_DIGEST_FREQUENCY, last_digest_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const res = await db
      .updateTable('notification_preferences')
      .set({ last_digest_at: at })
      .where('user_id', '=', userId)
      .where((eb) => (previous === null ? eb('last_digest_at', 'is', null) : eb('last_digest_at', '=', previous)))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  return {
    /** Queue one digest job per due user; how many. */
    async run(force: boolean): Promise<number> {
      const users = await dueUsers(force);
      for (const userId of users) await opts.enqueue(DIGEST_USER_JOB, { userId });
      return users.length;
    },

    /** One user's digest: sent when there is something new and unread of their digest kinds. */
    async sendTo(userId: number): Promise<boolean> {
      const user = await db.selectFrom('users').select(['id', 'email', 'first_name', 'language', 'distributor_id', 'enabled']).where('id', '=', userId).executeTakeFirst();
      if (!user || !user.enabled) return false;
      const pref = await db.selectFrom('notification_preferences').select(['digest_frequency', 'last_digest_at']).where('user_id', '=', userId).executeTakeFirst();
      if (pref?.digest_frequency === 'off') return false;
      const since = pref?.last_digest_at ?? null;
      const items = await db
        .selectFrom('notifications as n')
        .innerJoin('notification_settings as s', (j) => j.onRef('s.user_id', '=', 'n.user_id').onRef('s.kind', '=', 'n.kind'))
        .select(['n.name', 'n.description', 'n.link', 'n.message_key', 'n.message_params'])
        .where('n.user_id', '=', userId)
        .where('n.has_read', '=', 0)
        .where('s.digest', '=', 1)
        .$if(since !== null, (q) => q.where('n.created_at', '>', since!))
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(DIGEST_ITEMS)
        .execute();
      if (!items.length) return false;
      const language = userLanguage(user);
      if (!(await claim(userId, pref ? pref.last_digest_at : undefined, now()))) return false;
      const token = unsubscribeToken(opts.secret, userId);
      const mail = digestMail({
        to: user.email,
        firstName: user.first_name,
        // Each item in the recipient's language, from its message key (older ones: their stored text).
        items: items.map((i) => ({ ...storedNotificationText(i, language), link: i.link })),
        publicUrl: opts.publicUrl,
        pageUrl: `${opts.publicUrl}/notifications`,
        unsubscribeUrl: `${opts.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
        language,
      });
      await mailer.send({
        ...mail,
        headers: {
          'List-Unsubscribe': `<${opts.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return true;
    },

    /** The one-click unsubscribe: the digest of the user the token names goes off. */
    async unsubscribe(token: string): Promise<number | null> {
      const userId = verifyUnsubscribeToken(opts.secret, token);
      if (userId === null) return null;
      const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!exists) return null;
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, digest_frequency: 'off', last_digest_at: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ digest_frequency: 'off' }))
        .execute();
      return userId;
    },
  };
}
