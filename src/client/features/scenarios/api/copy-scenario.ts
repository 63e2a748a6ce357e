// POST /api/scenarios/copy/{id}: 'Add to My Scenarios' (idempotent, one submission at a time).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';
import { randomId } from '../../../lib/compat';

export const copyScenario = (id: number) =>
  api<Scenario>(`/api/scenarios/copy/${id}`, { method: 'POST', headers: { 'Idempotency-Key': randomId() } });

export function useCopyScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: copyScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
