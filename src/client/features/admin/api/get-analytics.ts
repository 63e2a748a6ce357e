// GET /api/users/GetAnalytics, /api/ForumGroup/GetAnalytics and /api/ForumPost/GetAnalytics (admin).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAnalytics, PostAnalytics, UserAnalytics } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

const key = ['admin', 'analytics'] as const;

export const userAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'users'], queryFn: () => api<UserAnalytics>('/api/users/GetAnalytics') });
export const groupAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'groups'], queryFn: () => api<GroupAnalytics>('/api/ForumGroup/GetAnalytics') });
export const postAnalyticsQueryOptions = () => queryOptions({ queryKey: [...key, 'posts'], queryFn: () => api<PostAnalytics>('/api/ForumPost/GetAnalytics') });

export const useUserAnalytics = () => useQuery(userAnalyticsQueryOptions());
export const useGroupAnalytics = () => useQuery(groupAnalyticsQueryOptions());
export const usePostAnalytics = () => useQuery(postAnalyticsQueryOptions());
