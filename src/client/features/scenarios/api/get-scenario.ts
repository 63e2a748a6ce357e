// GET /api/scenarios/{id}: one scenario (id or uuid_id). Polls while it is processing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { scenarioKeys } from './keys';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';

export const getScenario = (id: string) => call(scenariosApi.getScenario, { params: { id } });

export const scenarioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scenarioKeys.detail(id),
    queryFn: () => getScenario(id),
    refetchInterval: (q) => (q.state.data && !q.state.data.is_processed ? 3000 : false),
  });

export const useScenario = (id: string) => useQuery(scenarioQueryOptions(id));
