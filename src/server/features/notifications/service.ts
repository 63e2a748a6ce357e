// A user's own notifications: the dropdown and the /notifications page, marking one (with its group)
// or all read. Another user's is 404. Unread notifications of one kind and subject are listed as
// one ('Sam and 3 others found your post helpful'), decided here so every client shows the same.
import type { NotificationItem, NotificationList } from '../../../shared/schemas/notifications.js';
import { isNotificationKind } from '../../../shared/notification-kinds.js';
import { notFound } from '../../lib/http-error.js';
import { cursorOf, encodeCursor } from '../../lib/pages.js';
import type { SessionUser } from '../../plugins/session.js';
import type { NotificationsRepository } from './repository.js';
import { parseParams } from '../../lib/notifications.js';

/** The dropdown shows the newest ones; the unread count covers all. */
const LIST_LIMIT = 50;
/** Names shown for a group ('Sam, Kim and 3 others'). */
const NAMED_ACTORS = 3;

type Row = { id: number; name: string; description: string; message_key: string | null; message_params: string | null; link: string; has_read: number; created_at: string; kind: string; actor_id: number | null; subject: string | null };

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
const groupKey = (kind: string, subject: string) => `${kind}\n${subject}`;

function present(r: Row, group?: { count: number; actors: string[]; actorCount: number }): NotificationItem {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    link: r.link,
    message_key: r.message_key,
    message_params: parseParams(r.message_params),
    has_read: Boolean(r.has_read),
    created_at: r.created_at,
    kind: isNotificationKind(r.kind) ? r.kind : 'general',
    count: group?.count ?? 1,
    actors: group?.actors ?? [],
    actor_count: group?.actorCount ?? group?.actors.length ?? 0,
  };
}

export function notificationsService(repo: NotificationsRepository, hiddenKinds: (userId: number) => Promise<string[]>) {
  /** Each row with its group's size and people (an unread row with a subject stands for its group). */
  async function withGroups(userId: number, rows: Row[]): Promise<NotificationItem[]> {
    const grouped = rows.filter((r) => !r.has_read && r.subject !== null) as (Row & { subject: string })[];
    const [groups, actors, singles] = await Promise.all([
      repo.groups(userId, grouped),
      repo.groupActors(userId, [...new Set(grouped.map((r) => r.kind))], [...new Set(grouped.map((r) => r.subject))]),
      repo.actorNames([...new Set(rows.filter((r) => r.actor_id !== null && (r.has_read || r.subject === null)).map((r) => r.actor_id!))]),
    ]);
    const info = new Map(groups.map((g) => [groupKey(g.kind, g.subject), g]));
    const names = new Map<string, string[]>();
    for (const a of actors) {
      const key = groupKey(a.kind, a.subject!);
      const list = names.get(key) ?? [];
      if (list.length < NAMED_ACTORS) list.push(fullName(a));
      names.set(key, list);
    }
    const singleNames = new Map(singles.map((u) => [u.id, fullName(u)]));
    return rows.map((r) => {
      if (!r.has_read && r.subject !== null) {
        const key = groupKey(r.kind, r.subject);
        const g = info.get(key);
        return present(r, { count: g?.count ?? 1, actors: names.get(key) ?? [], actorCount: g?.actorCount ?? 0 });
      }
      const name = r.actor_id !== null ? singleNames.get(r.actor_id) : undefined;
      return present(r, { count: 1, actors: name ? [name] : [], actorCount: name ? 1 : 0 });
    });
  }

  return {
    /** The newest LIST_LIMIT, or with a cursor (a previous answer's nextCursor) the LIST_LIMIT older ones. */
    async list(user: SessionUser, cursor?: string): Promise<NotificationList> {
      const after = cursorOf(cursor);
      const hidden = await hiddenKinds(user.id);
      const [rows, unread] = await Promise.all([repo.newest(user.id, LIST_LIMIT, after, hidden), repo.unreadCount(user.id, hidden)]);
      const last = rows.at(-1);
      const nextCursor = rows.length === LIST_LIMIT && last ? encodeCursor({ at: last.created_at, id: last.id }) : null;
      return { notifications: await withGroups(user.id, rows), unread, nextCursor };
    },
    /** Marks it read, and the unread notifications grouped with it. */
    async markRead(user: SessionUser, id: number): Promise<NotificationItem> {
      if (!(await repo.markRead(user.id, id))) throw notFound('Notification not found');
      const [item] = await withGroups(user.id, [(await repo.byId(id))!]);
      return item;
    },
    async markAllRead(user: SessionUser): Promise<{ marked: number }> {
      return { marked: await repo.markAllRead(user.id) };
    },
  };
}
