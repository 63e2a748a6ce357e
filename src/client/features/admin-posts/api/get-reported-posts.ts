// GET /api/forumpost/reportedposts (admin): open reports, one per post and reporter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { listReportedPosts } from '../../../../shared/endpoints/posts';

export const reportedPostsQueryKey = ['posts', 'reported'] as const;

export const reportedPostsQueryOptions = () =>
  queryOptions({ queryKey: reportedPostsQueryKey, queryFn: () => call(listReportedPosts), staleTime: 0 });

export const useReportedPosts = () => useQuery(reportedPostsQueryOptions());
