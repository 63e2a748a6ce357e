// GET /api/scenarios/{id}: one scenario (id or uuid_id). Polls while it is processing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';
import { apiUrl } from '../../../../shared/first-answers';

export const getScenario = (id: string) => api<Scenario>(apiUrl.scenario(id));

export const scenarioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scenarioKeys.detail(id),
    queryFn: () => getScenario(id),
    refetchInterval: (q) => (q.state.data && !q.state.data.is_processed ? 3000 : false),
  });

export const useScenario = (id: string) => useQuery(scenarioQueryOptions(id));
