// GET /api/prerelease: each pre-release app with its latest build (isPreRelease users).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getPreReleases } from '../../../../shared/endpoints/prerelease';

export const preReleasesQueryKey = ['builds', 'prerelease'] as const;

export const preReleasesQueryOptions = () => queryOptions({ queryKey: preReleasesQueryKey, queryFn: () => call(getPreReleases), staleTime: 0 });

export const usePreReleases = () => useQuery(preReleasesQueryOptions());
