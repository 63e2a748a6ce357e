// Admin Analytics (/admin/analytics, spec section 2 'Admin'): three bar charts of the last 12 months:
// users (active and new), groups (active and new) and new posts.
import { useMemo, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { BarChart, type ChartSeries } from '../components/bar-chart';
import { useGroupAnalytics, usePostAnalytics, useUserAnalytics } from '../api/get-analytics';

const BRAND = '#0b5c7a';
const ACCENT = '#e0532b';

function ChartCard({ title, loading, error, children }: { title: string; loading: boolean; error: unknown; children: ReactNode }) {
  return (
    <section className="card chart-card" aria-labelledby={`chart-${title}`}>
      <h2 id={`chart-${title}`}>{title}</h2>
      {loading && <Spinner label={`Loading ${title.toLowerCase()}`} />}
      {Boolean(error) && <p className="alert error">{(error as Error).message}</p>}
      {children}
    </section>
  );
}

export function Component() {
  const users = useUserAnalytics();
  const groups = useGroupAnalytics();
  const posts = usePostAnalytics();
  const userSeries = useMemo<ChartSeries[] | undefined>(
    () => users.data && [{ label: 'Active users', data: users.data.activeUsers, color: BRAND }, { label: 'New users', data: users.data.newUsers, color: ACCENT }],
    [users.data],
  );
  const groupSeries = useMemo<ChartSeries[] | undefined>(
    () => groups.data && [{ label: 'Active groups', data: groups.data.activeGroups, color: BRAND }, { label: 'New groups', data: groups.data.newGroups, color: ACCENT }],
    [groups.data],
  );
  const postSeries = useMemo<ChartSeries[] | undefined>(() => posts.data && [{ label: 'New posts', data: posts.data.newPosts, color: BRAND }], [posts.data]);
  return (
    <section>
      <h1>Analytics</h1>
      <p className="muted">The last 12 months. Active users signed in or shared something that month; active groups had a post.</p>
      <div className="analytics-charts">
        <ChartCard title="Users" loading={users.isLoading} error={users.error}>
          {users.data && userSeries && <BarChart title="Active and new users per month" labels={users.data.monthLabels} series={userSeries} />}
        </ChartCard>
        <ChartCard title="Groups" loading={groups.isLoading} error={groups.error}>
          {groups.data && groupSeries && <BarChart title="Active and new groups per month" labels={groups.data.monthLabels} series={groupSeries} />}
        </ChartCard>
        <ChartCard title="Posts" loading={posts.isLoading} error={posts.error}>
          {posts.data && postSeries && <BarChart title="New posts per month" labels={posts.data.monthLabels} series={postSeries} />}
        </ChartCard>
      </div>
    </section>
  );
}
