// GET /api/downloads: released builds with their itms-services:// install links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getDownloads } from '../../../../shared/endpoints/prerelease';

export const downloadsQueryKey = ['builds', 'downloads'] as const;

// Install links carry a signed manifest URL that expires after a day: refetch rather than trust an old copy.
export const downloadsQueryOptions = () => queryOptions({ queryKey: downloadsQueryKey, queryFn: () => call(getDownloads), staleTime: 0 });

export const useDownloads = () => useQuery(downloadsQueryOptions());
