// The picker's pages: GET /api/scenarios/myunpostedscenarios/{offset}/{count}?scope= and
// GET /api/media/myunpostedmedia/{offset}/{count} (approved media only). A feed post offers only
// public scenarios; a group post adds my private ones.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMyUnpostedMedia } from '../../../../shared/endpoints/media';
import { getMyUnpostedScenarios } from '../../../../shared/endpoints/scenarios';
import { ApprovalStatus } from '../../../../shared/enums';

export interface Attachable {
  id: number;
  uuid_id: string;
  name: string;
  device_id?: number | null;
  is_video?: boolean | number;
  signed_thumb_url?: string | null;
  approval_status?: number;
  /** Media: 0 private, 2 public; only public media shows to others in a post. */
  privacy_level?: number;
  /** Media: an image's text alternative; an image is made public only with one. */
  alt_text?: string | null;
}

export type AttachKind = 'scenario' | 'media';
export type AttachScope = 'feed' | 'group';

interface Page {
  total?: number;
  scenarios?: Attachable[];
  media?: Attachable[];
}

export const ATTACH_PAGE_SIZE = 6;

export const attachablesQueryOptions = (kind: AttachKind, page: number, scope: AttachScope) =>
  queryOptions({
    queryKey: ['attachables', kind, scope, page],
    queryFn: async () => {
      const offset = page * ATTACH_PAGE_SIZE;
      const params = { offset, count: ATTACH_PAGE_SIZE };
      const data: Page =
        kind === 'scenario' ? await call(getMyUnpostedScenarios, { params, query: { scope } }) : await call(getMyUnpostedMedia, { params });
      let items = (kind === 'scenario' ? data.scenarios : data.media) ?? [];
      // Media must be approved before it can be attached (spec section 5).
      if (kind === 'media') items = items.filter((m) => m.approval_status === undefined || m.approval_status === ApprovalStatus.Approved);
      return { items, total: data.total ?? items.length };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAttachables = (kind: AttachKind, page: number, scope: AttachScope, enabled: boolean) => useQuery({ ...attachablesQueryOptions(kind, page, scope), enabled });
