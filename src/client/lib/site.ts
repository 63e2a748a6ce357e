// Site settings from the server (GET /api/site): the web editor's address (null when none is
// configured) and the support offices. Read by several features, so it lives here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import { getSite } from '../../shared/endpoints/site';

export const siteQueryOptions = () => queryOptions({ queryKey: ['site'], queryFn: () => call(getSite), staleTime: 60 * 60_000 });

export const useSite = () => useQuery(siteQueryOptions());

/** The web editor's address, or null while unknown or when none is configured. */
export function useWebEditorUrl(): string | null {
  return useSite().data?.webEditorUrl ?? null;
}

export const editorUrlFor = (base: string, uuidId: string) => `${base.replace(/\/$/, '')}/scenario/${encodeURIComponent(uuidId)}`;
