// GET /api/alltags: every tag, read by the scenario and media filters and forms, the feed and the
// admin post form. One query key for all of them, so the list is fetched once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import * as tagsApi from '../../shared/endpoints/tags';

export const allTagsQueryKey = ['tags'] as const;

export const getAllTags = () => call(tagsApi.getAllTags);

export const allTagsQueryOptions = () => queryOptions({ queryKey: allTagsQueryKey, queryFn: getAllTags, staleTime: 5 * 60_000 });

export const useAllTags = () => useQuery(allTagsQueryOptions());
