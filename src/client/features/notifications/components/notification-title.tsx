// The title of a notification: its own name, or for an unread group the people behind it
// ('Sam Stone and 3 others found your post helpful').
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../../../shared/schemas/notifications';

const GROUP_KINDS = new Set(['reaction', 'reply', 'mention']);

export function useNotificationTitle() {
  const { t } = useTranslation('notifications');
  return (n: NotificationItem): string => {
    if (n.count <= 1) return n.name;
    const kind = GROUP_KINDS.has(n.kind) ? n.kind : 'other';
    const [first, second] = n.actors;
    if (!first) return `${n.name} (${t('group.more', { count: n.count })})`;
    const people = Math.max(n.actor_count, n.actors.length);
    if (people === 1) return `${n.name} (${t('group.more', { count: n.count })})`;
    if (people === 2 && second) return t(`group.pair_${kind}` as 'group.pair_other', { first, second });
    return t(`group.${kind}` as 'group.other', { name: first, count: people - 1 });
  };
}
