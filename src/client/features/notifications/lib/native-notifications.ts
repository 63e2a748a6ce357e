// Inside the native wrapper there is no Web Push (WKWebView has no service worker push): every
// unread notification that arrives while the app runs is handed to the app through the
// 'notification' handler, once, and the app shows it. A tap comes back as the native event
// 'openNotification' { link }, and the page opens it (docs/native-bridge.md 'Notifications').
import { useEffect, useRef } from 'react';
import type { NotificationItem } from '../../../../shared/schemas/notifications';
import { isNativeApp, onNativeEvent, sendNotificationToNative } from '../../../lib/native-bridge';

/** `items`: the latest list, undefined until it has loaded; `description`: its text in the reader's language. */
export function useNativeNotifications(
  items: NotificationItem[] | undefined,
  title: (n: NotificationItem) => string,
  open: (link: string) => void,
  description: (n: NotificationItem) => string = (n) => n.description,
) {
  /** Ids handed over or present at start (those the user saw already); null before the first list. */
  const seen = useRef<Set<number> | null>(null);
  const native = isNativeApp();

  useEffect(() => {
    if (!native) return;
    return onNativeEvent((name, data) => {
      const link = (data as { link?: unknown } | null)?.link;
      if (name === 'openNotification' && typeof link === 'string' && link.startsWith('/')) open(link);
    });
  }, [native, open]);

  useEffect(() => {
    if (!native || !items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    for (const n of items) {
      if (n.has_read || seen.current.has(n.id)) continue;
      seen.current.add(n.id);
      sendNotificationToNative({ id: n.id, title: title(n), body: description(n), link: n.link, kind: n.kind, created_at: n.created_at });
    }
  }, [native, items, title, description]);
}
