// GET /api/scenarios/{offset}/{count}/{age}/{condition}/{search}/{tagIds}: the library page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { searchScenarioLibrary } from '../../../../shared/endpoints/scenarios';
import { scenarioLibraryInput, type ScenarioLibraryParams } from '../../../../shared/first-answers';
import { scenarioKeys } from './keys';

export type LibraryParams = ScenarioLibraryParams;

export const getScenarios = (p: LibraryParams) => call(searchScenarioLibrary, scenarioLibraryInput(p));

export const scenariosQueryOptions = (p: LibraryParams) =>
  queryOptions({ queryKey: scenarioKeys.library(p), queryFn: () => getScenarios(p), placeholderData: keepPreviousData });

export const useScenarios = (p: LibraryParams) => useQuery(scenariosQueryOptions(p));
