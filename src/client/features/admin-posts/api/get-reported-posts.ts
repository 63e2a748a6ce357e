// GET /api/forumpost/reportedposts (admin): open reports, one per post and reporter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ReportedPost } from '../../../../shared/schemas/posts';

export const reportedPostsQueryKey = ['posts', 'reported'] as const;

export const reportedPostsQueryOptions = () =>
  queryOptions({ queryKey: reportedPostsQueryKey, queryFn: () => api<ReportedPost[]>('/api/forumpost/reportedposts'), staleTime: 0 });

export const useReportedPosts = () => useQuery(reportedPostsQueryOptions());
