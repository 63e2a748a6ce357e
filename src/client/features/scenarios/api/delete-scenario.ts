// DELETE /api/scenarios/delete/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MessageBody } from '../../../../shared/schemas/common';
import { scenarioKeys } from './keys';

export const deleteScenario = (id: number) => api<MessageBody>(`/api/scenarios/delete/${id}`, { method: 'DELETE' });

export function useDeleteScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
