// GET /api/scenarios/{offset}/{count}/{age}/{condition}/{search}/{tagIds}: the library page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { normaliseScenarioSearch } from '../../../../shared/format';
import type { ScenarioPage } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export interface LibraryParams {
  offset: number;
  count: number;
  age: number;
  condition: number;
  search: string;
  tagIds: number[];
}

export function libraryUrl(p: LibraryParams): string {
  const search = encodeURIComponent(normaliseScenarioSearch(p.search));
  const tags = p.tagIds.length ? p.tagIds.join(',') : '-1';
  return `/api/scenarios/${p.offset}/${p.count}/${p.age}/${p.condition}/${search}/${tags}`;
}

export const getScenarios = (p: LibraryParams) => api<ScenarioPage>(libraryUrl(p));

export const scenariosQueryOptions = (p: LibraryParams) =>
  queryOptions({ queryKey: scenarioKeys.library(p), queryFn: () => getScenarios(p), placeholderData: keepPreviousData });

export const useScenarios = (p: LibraryParams) => useQuery(scenariosQueryOptions(p));
