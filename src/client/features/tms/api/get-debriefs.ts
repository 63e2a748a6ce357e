// GET /api/editor/DebriefsForCurrentUser: the debriefs the signed-in educator ran (spec section 7).
// The persisted query cache keeps the last answer, so the TMS pages open offline with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getMyDebriefs } from '../../../../shared/endpoints/debriefs';

export const debriefsQueryKey = ['debriefs', 'mine'] as const;

export const getDebriefs = () => call(getMyDebriefs);

export const debriefsQueryOptions = () => queryOptions({ queryKey: debriefsQueryKey, queryFn: getDebriefs });

export const useDebriefs = () => useQuery(debriefsQueryOptions());
