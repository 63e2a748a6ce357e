// POST /api/scenarios/copy/{id}: 'Add to My Scenarios' (idempotent, one submission at a time).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import { scenarioKeys } from './keys';
import { randomId } from '../../../lib/compat';

export const copyScenario = (id: number) =>
  call(scenariosApi.copyScenario, { params: { id } }, { headers: { 'Idempotency-Key': randomId() } });

export function useCopyScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: copyScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
