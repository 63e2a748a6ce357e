// The text of a notification in the reader's language: title and description from the
// notifications catalogue (messages.<key>) filled with the notification's values; a notification
// without a key the catalogue knows (an older one) shows the text it was stored with. For an unread
// group the title names the people behind it ('Sam Stone and 3 others found your post helpful').
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../../../shared/schemas/notifications';

const GROUP_KINDS = new Set(['reaction', 'reply', 'mention']);

type Part = 'title' | 'description';

export function useNotificationText() {
  const { t, i18n } = useTranslation('notifications');
  const own = (n: NotificationItem, part: Part): string => {
    const key = n.message_key ? `messages.${n.message_key}.${part}` : null;
    if (key && i18n.exists(key, { ns: 'notifications' })) return t(key as 'title', { replace: n.message_params });
    return part === 'title' ? n.name : n.description;
  };
  const title = (n: NotificationItem): string => {
    const name = own(n, 'title');
    if (n.count <= 1) return name;
    const kind = GROUP_KINDS.has(n.kind) ? n.kind : 'other';
    const [first, second] = n.actors;
    if (!first) return `${name} (${t('group.more', { count: n.count })})`;
    const people = Math.max(n.actor_count, n.actors.length);
    if (people === 1) return `${name} (${t('group.more', { count: n.count })})`;
    if (people === 2 && second) return t(`group.pair_${kind}` as 'group.pair_other', { first, second });
    return t(`group.${kind}` as 'group.other', { name: first, count: people - 1 });
  };
  return { title, description: (n: NotificationItem) => own(n, 'description') };
}

/** The title alone (the list's and the native wrapper's). */
export const useNotificationTitle = () => useNotificationText().title;
