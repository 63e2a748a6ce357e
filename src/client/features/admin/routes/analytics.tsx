// Admin Analytics (/admin/analytics, spec section 2 'Admin'): three bar charts of the last 12 months:
// users (active and new), groups (active and new) and new posts.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { BarChart, type ChartSeries } from '../components/bar-chart';
import { useGroupAnalytics, usePostAnalytics, useUserAnalytics } from '../api/get-analytics';

const BRAND = '#0b5c7a';
const ACCENT = '#e0532b';

function ChartCard({ id, title, loading, error, children }: { id: 'Users' | 'Groups' | 'Posts'; title: string; loading: boolean; error: unknown; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card chart-card" aria-labelledby={`chart-${id}`}>
      <h2 id={`chart-${id}`}>{title}</h2>
      {loading && <Spinner label={t(`analytics.loading${id}`)} />}
      {Boolean(error) && <p className="alert error">{(error as Error).message}</p>}
      {children}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  const users = useUserAnalytics();
  const groups = useGroupAnalytics();
  const posts = usePostAnalytics();
  const userSeries = useMemo<ChartSeries[] | undefined>(
    () => users.data && [{ label: t('analytics.activeUsers'), data: users.data.activeUsers, color: BRAND }, { label: t('analytics.newUsers'), data: users.data.newUsers, color: ACCENT }],
    [users.data, t],
  );
  const groupSeries = useMemo<ChartSeries[] | undefined>(
    () => groups.data && [{ label: t('analytics.activeGroups'), data: groups.data.activeGroups, color: BRAND }, { label: t('analytics.newGroups'), data: groups.data.newGroups, color: ACCENT }],
    [groups.data, t],
  );
  const postSeries = useMemo<ChartSeries[] | undefined>(() => posts.data && [{ label: t('analytics.newPosts'), data: posts.data.newPosts, color: BRAND }], [posts.data, t]);
  return (
    <section>
      <h1>{t('analytics.title')}</h1>
      <p className="muted">{t('analytics.intro')}</p>
      <div className="analytics-charts">
        <ChartCard id="Users" title={t('analytics.users')} loading={users.isLoading} error={users.error}>
          {users.data && userSeries && <BarChart title={t('analytics.usersChart')} labels={users.data.monthLabels} series={userSeries} />}
        </ChartCard>
        <ChartCard id="Groups" title={t('analytics.groups')} loading={groups.isLoading} error={groups.error}>
          {groups.data && groupSeries && <BarChart title={t('analytics.groupsChart')} labels={groups.data.monthLabels} series={groupSeries} />}
        </ChartCard>
        <ChartCard id="Posts" title={t('analytics.posts')} loading={posts.isLoading} error={posts.error}>
          {posts.data && postSeries && <BarChart title={t('analytics.postsChart')} labels={posts.data.monthLabels} series={postSeries} />}
        </ChartCard>
      </div>
    </section>
  );
}
