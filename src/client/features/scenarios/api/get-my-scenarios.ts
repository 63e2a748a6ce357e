// GET /api/scenarios/myscenarios/{offset}/{count}/{sortField}/{ASC|DESC}/{directory?}
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import type { MySortField } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export interface MyScenariosParams {
  offset: number;
  count: number;
  sortField: MySortField;
  direction: 'ASC' | 'DESC';
  directory?: string;
}

export const getMyScenarios = (p: MyScenariosParams) =>
  p.directory
    ? call(scenariosApi.getMyScenariosInFolder, { params: { offset: p.offset, count: p.count, sortField: p.sortField, direction: p.direction, directory: p.directory } })
    : call(scenariosApi.getMyScenarios, { params: { offset: p.offset, count: p.count, sortField: p.sortField, direction: p.direction } });

export const myScenariosQueryOptions = (p: MyScenariosParams) =>
  queryOptions({
    queryKey: scenarioKeys.mine(p),
    queryFn: () => getMyScenarios(p),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.scenarios.some((s) => !s.is_processed) ? 3000 : false),
  });

export const useMyScenarios = (p: MyScenariosParams) => useQuery(myScenariosQueryOptions(p));
