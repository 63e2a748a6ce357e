// DELETE /api/scenarios/delete/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import { scenarioKeys } from './keys';

export const deleteScenario = (id: number) => call(scenariosApi.deleteScenario, { params: { id } });

export function useDeleteScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
