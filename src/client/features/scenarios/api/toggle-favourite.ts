// POST /api/scenarios/togglefavourite/{id} (idempotent: a replay must not toggle twice).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scenarioKeys } from './keys';

export const toggleFavourite = (id: number) =>
  api<{ is_favourited: boolean; number_favourites: number }>(`/api/scenarios/togglefavourite/${id}`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

export function useToggleFavourite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: toggleFavourite, onSuccess: () => qc.invalidateQueries({ queryKey: scenarioKeys.all }) });
}
