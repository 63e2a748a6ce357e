// PATCH /api/scenarios/edit/{id}: description, patient_age, patient_condition (number or null), tags, privacy_level.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export interface EditScenarioBody {
  description?: string;
  patient_age?: number | null;
  patient_condition?: number | null;
  tags?: number[];
  privacy_level?: 0 | 2;
  licence?: string;
  confirm_deidentified?: boolean;
}

export const editScenario = ({ id, body }: { id: number; body: EditScenarioBody }) =>
  api<Scenario>(`/api/scenarios/edit/${id}`, { method: 'PATCH', body });

export function useEditScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
