// GET /api/users/GetAnalytics, /api/ForumGroup/GetAnalytics and /api/ForumPost/GetAnalytics (admin).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getUserAnalytics, getGroupAnalytics, getPostAnalytics } from '../../../../shared/endpoints/analytics';

const key = ['admin', 'analytics'] as const;

export const userAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'users'], queryFn: () => call(getUserAnalytics) });
export const groupAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'groups'], queryFn: () => call(getGroupAnalytics) });
export const postAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'posts'], queryFn: () => call(getPostAnalytics) });

export const useUserAnalytics = () => useQuery(userAnalyticsQueryOptions());
export const useGroupAnalytics = () => useQuery(groupAnalyticsQueryOptions());
export const usePostAnalytics = () => useQuery(postAnalyticsQueryOptions());
