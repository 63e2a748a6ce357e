// The three analytics calls of spec section 7: the last 12 months, oldest first, the
// current month last. Active users signed in or contributed that month; active groups had a post.
import { Role, hasRole } from '../../../shared/enums.js';
import type { GroupAnalytics, PostAnalytics, UserAnalytics } from '../../../shared/schemas/admin.js';
import { forbidden } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { AnalyticsRepository, MonthCounts } from './repository.js';

export const MONTHS = 12;
const LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last `MONTHS` months up to `now` (UTC): keys 'YYYY-MM', labels 'Mar 2026', and the first instant. */
export function lastMonths(now: Date = new Date()) {
  const keys: string[] = [];
  const labels: string[] = [];
  for (let i = MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
    labels.push(`${LABELS[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  }
  return { keys, labels, fromMonth: keys[0], fromIso: `${keys[0]}-01T00:00:00.000Z` };
}

const series = (keys: string[], counts: MonthCounts) => keys.map((k) => counts.get(k) ?? 0);

export function analyticsService(repo: AnalyticsRepository, clock: () => Date = () => new Date()) {
  const admin = (user: SessionUser) => {
    if (!hasRole(user.role, Role.Admin)) throw forbidden('You do not have permission to do that');
    return lastMonths(clock());
  };
  return {
    async users(user: SessionUser): Promise<UserAnalytics> {
      const m = admin(user);
      const [active, created] = await Promise.all([repo.activeUsers(m.fromMonth), repo.newUsers(m.fromIso)]);
      return { monthLabels: m.labels, activeUsers: series(m.keys, active), newUsers: series(m.keys, created) };
    },
    async groups(user: SessionUser): Promise<GroupAnalytics> {
      const m = admin(user);
      const [active, created] = await Promise.all([repo.activeGroups(m.fromIso), repo.newGroups(m.fromIso)]);
      return { monthLabels: m.labels, activeGroups: series(m.keys, active), newGroups: series(m.keys, created) };
    },
    async posts(user: SessionUser): Promise<PostAnalytics> {
      const m = admin(user);
      return { monthLabels: m.labels, newPosts: series(m.keys, await repo.newPosts(m.fromIso)) };
    },
  };
}
