// GET /api/exchange/scenarios/{id}/adaptations: the public copies based on a scenario.
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { getScenarioAdaptations } from '../../../../shared/endpoints/exchange';
import { scenarioKeys } from './keys';

export const useScenarioAdaptations = (id: string, enabled: boolean) =>
  useQuery({ queryKey: [...scenarioKeys.detail(id), 'adaptations'] as const, queryFn: () => call(getScenarioAdaptations, { params: { id } }), enabled });
