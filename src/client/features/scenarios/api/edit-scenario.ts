// PATCH /api/scenarios/edit/{id}: description, patient_age, patient_condition (number or null), tags, privacy_level.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import type * as v from 'valibot';
import type { editScenarioSchema } from '../../../../shared/schemas/scenarios';
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
  // The form's age and condition are numbers from a select; the server refuses any it does not know (422).
  call(scenariosApi.editScenario, { params: { id }, body: body as v.InferInput<typeof editScenarioSchema> });

export function useEditScenario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editScenario, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
