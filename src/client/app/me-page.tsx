// /me: the profile (features/users) with the notification settings (features/notifications);
// features never import each other, so the page is put together here.
import { MePage } from '../features/users/routes/me';
import { NotificationSettings } from '../features/notifications/components/notification-settings';

export function Component() {
  return (
    <MePage>
      <NotificationSettings />
    </MePage>
  );
}
