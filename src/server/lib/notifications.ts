// Creating notifications is shared by several features (media review, reports, replies, groups).
// Every notification goes through notifyUsers, which applies each recipient's setting for its kind
// (features/notifications/settings.ts): a kind with every channel off creates no row at all; push
// is queued for the recipients who want it and have a subscribed device (the job queue sends it, off
// the request); the e-mail digest later reads the unread rows of digest kinds.
// A notification is a message key with its values (shared/notification-messages.ts): each row keeps
// them, and its name and description written out in the recipient's language (what older clients
// and older rows show); push goes out in the recipient's language too.
import type { DB } from '../db/connection.js';
import { now } from '../db/connection.js';
import { enqueueJob } from '../jobs/queue.js';
import { t, userLanguage } from '../i18n/index.js';
import { DEFAULT_KIND_SETTING, type NotificationKind } from '../../shared/notification-kinds.js';
import { isNotificationMessageKey, type NotificationMessage, type NotificationParams } from '../../shared/notification-messages.js';
import { FALLBACK_LANGUAGE, type Language } from '../../shared/languages.js';

/** The job that sends one notification to the subscribed devices of some users. */
export const PUSH_JOB = 'notifications.push';

export interface PushJobPayload {
  userIds: number[];
  title: string;
  body: string;
  link: string;
  kind: NotificationKind;
}

export interface NewNotification {
  /** Its text: a message key and the values it is filled with. */
  message: NotificationMessage;
  /** A client route, e.g. '/media/<uuid>' or '/feed'. */
  link: string;
  /** What it is about; 'general' when not given. */
  kind?: NotificationKind;
  /** The user whose action caused it (a replier, a reactor), if any. */
  actorId?: number | null;
  /** The thing it concerns, as 'type:id' (e.g. 'post:12'): unread ones of one kind and subject group together. */
  subject?: string | null;
}

/** Chunked so a post to everyone stays within parameter limits. */
const CHUNK = 500;

/** A message's title and description in `language` from the server's catalogue. */
export function notificationText(message: NotificationMessage, language: Language): { name: string; description: string } {
  return {
    name: t(`notification.${message.key}.title`, language, message.params),
    description: t(`notification.${message.key}.description`, language, message.params),
  };
}

/** The stored values of a row's message (JSON), or {} when there are none or they do not parse. */
export function parseParams(text: string | null): NotificationParams {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/** A stored row's text in `language`: from its message key, else (older rows) the text it was stored with. */
export function storedNotificationText(row: { name: string; description: string; message_key: string | null; message_params: string | null }, language: Language) {
  if (!isNotificationMessageKey(row.message_key)) return { name: row.name, description: row.description };
  return notificationText({ key: row.message_key, params: parseParams(row.message_params) }, language);
}

export async function notifyUsers(db: DB, userIds: number[], n: NewNotification): Promise<void> {
  if (!userIds.length) return;
  const kind = n.kind ?? 'general';
  const created_at = now();
  const row = { link: n.link, kind, actor_id: n.actorId ?? null, subject: n.subject ?? null, message_key: n.message.key, message_params: JSON.stringify(n.message.params) };
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = [...new Set(userIds.slice(i, i + CHUNK))];
    const settings = await db
      .selectFrom('notification_settings')
      .select(['user_id', 'in_app', 'push', 'digest'])
      .where('kind', '=', kind)
      .where('user_id', 'in', chunk)
      .execute();
    const byUser = new Map(settings.map((s) => [s.user_id, { in_app: !!s.in_app, push: !!s.push, digest: !!s.digest }]));
    const setting = (id: number) => byUser.get(id) ?? DEFAULT_KIND_SETTING;
    // 'Off' (every channel off): no notification at all.
    const recipients = chunk.filter((id) => {
      const s = setting(id);
      return s.in_app || s.push || s.digest;
    });
    if (!recipients.length) continue;
    const users = await db.selectFrom('users').select(['id', 'language', 'distributor_id']).where('id', 'in', recipients).execute();
    const languageOf = new Map(users.map((u) => [u.id, userLanguage(u)]));
    const texts = new Map<Language, { name: string; description: string }>();
    const textIn = (language: Language) => {
      if (!texts.has(language)) texts.set(language, notificationText(n.message, language));
      return texts.get(language)!;
    };
    await db
      .insertInto('notifications')
      .values(recipients.map((user_id) => ({ user_id, ...textIn(languageOf.get(user_id) ?? FALLBACK_LANGUAGE), ...row, has_read: 0, created_at })))
      .execute();
    const wantPush = recipients.filter((id) => setting(id).push);
    if (!wantPush.length) continue;
    const subscribed = await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', wantPush).execute();
    // One push job per language, each with the text in that language.
    const byLanguage = new Map<Language, number[]>();
    for (const { user_id } of subscribed) {
      const language = languageOf.get(user_id) ?? FALLBACK_LANGUAGE;
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), user_id]);
    }
    for (const [language, ids] of byLanguage) {
      const text = textIn(language);
      const payload: PushJobPayload = { userIds: ids, title: text.name, body: text.description, link: n.link, kind };
      await enqueueJob(db, PUSH_JOB, { ...payload });
    }
  }
}

export const notifyUser = (db: DB, userId: number, n: NewNotification) => notifyUsers(db, [userId], n);
