// GET /api/scenarios/{offset}/{count}/{age}/{condition}/{search}/{tagIds}: the library page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiUrl, type ScenarioLibraryParams } from '../../../../shared/first-answers';
import type { ScenarioPage } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export type LibraryParams = ScenarioLibraryParams;

export const getScenarios = (p: LibraryParams) => api<ScenarioPage>(apiUrl.scenarioLibrary(p));

export const scenariosQueryOptions = (p: LibraryParams) =>
  queryOptions({ queryKey: scenarioKeys.library(p), queryFn: () => getScenarios(p), placeholderData: keepPreviousData });

export const useScenarios = (p: LibraryParams) => useQuery(scenariosQueryOptions(p));
