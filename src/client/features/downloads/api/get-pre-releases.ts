// GET /api/prerelease: each pre-release app with its latest build (isPreRelease users).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PreReleaseList } from '../../../../shared/schemas/builds';

export const preReleasesQueryKey = ['builds', 'prerelease'] as const;

export const preReleasesQueryOptions = () => queryOptions({ queryKey: preReleasesQueryKey, queryFn: () => api<PreReleaseList>('/api/prerelease'), staleTime: 0 });

export const usePreReleases = () => useQuery(preReleasesQueryOptions());
