// GET /api/editor/DebriefsForCurrentUser: the debriefs the signed-in educator ran (spec section 7).
// The persisted query cache keeps the last answer, so the TMS pages open offline with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { apiUrl } from '../../../../shared/first-answers';

export const debriefsQueryKey = ['debriefs', 'mine'] as const;

export const getDebriefs = () => api<Debrief[]>(apiUrl.debriefs);

export const debriefsQueryOptions = () => queryOptions({ queryKey: debriefsQueryKey, queryFn: getDebriefs });

export const useDebriefs = () => useQuery(debriefsQueryOptions());
