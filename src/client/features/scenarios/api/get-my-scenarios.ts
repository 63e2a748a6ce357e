// GET /api/scenarios/myscenarios/{offset}/{count}/{sortField}/{ASC|DESC}/{directory?}
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MySortField, ScenarioPage } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export interface MyScenariosParams {
  offset: number;
  count: number;
  sortField: MySortField;
  direction: 'ASC' | 'DESC';
  directory?: string;
}

export const getMyScenarios = (p: MyScenariosParams) =>
  api<ScenarioPage>(`/api/scenarios/myscenarios/${p.offset}/${p.count}/${p.sortField}/${p.direction}${p.directory ? `/${encodeURIComponent(p.directory)}` : ''}`);

export const myScenariosQueryOptions = (p: MyScenariosParams) =>
  queryOptions({
    queryKey: scenarioKeys.mine(p),
    queryFn: () => getMyScenarios(p),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.scenarios.some((s) => !s.is_processed) ? 3000 : false),
  });

export const useMyScenarios = (p: MyScenariosParams) => useQuery(myScenariosQueryOptions(p));
