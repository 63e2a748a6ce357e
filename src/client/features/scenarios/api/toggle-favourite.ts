// POST /api/scenarios/togglefavourite/{id}, through the outbox: the toggle carries an
// Idempotency-Key so a replay never toggles twice; made offline it is sent later. Favouriting also
// keeps the scenario and its file on the device; unfavouriting forgets them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleFavouriteOffline } from '../../../offline/later';
import type { Scenario, ScenarioFavourite } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export interface ToggleFavouriteResult {
  /** False when the toggle was queued to be sent when the network returns. */
  sent: boolean;
  is_favourited: boolean;
}

export async function toggleFavourite(scenario: Scenario): Promise<ToggleFavouriteResult> {
  const favourited = !scenario.is_favourited_by_current_user;
  // The copy kept on the device shows the scenario as the user left it: favourited, counted.
  const kept = { ...scenario, is_favourited_by_current_user: favourited, number_favourites: Math.max(0, scenario.number_favourites + (favourited ? 1 : -1)) };
  const response = (await toggleFavouriteOffline('scenario', kept, favourited)) as ScenarioFavourite | null;
  return response ? { sent: true, is_favourited: response.is_favourited } : { sent: false, is_favourited: favourited };
}

export function useToggleFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleFavourite,
    onSuccess: (result, scenario) => {
      // Show the new state at once (also while the toggle waits in the outbox).
      qc.setQueryData<Scenario>(scenarioKeys.detail(scenario.uuid_id), (old) =>
        old
          ? {
              ...old,
              is_favourited_by_current_user: result.is_favourited,
              number_favourites: Math.max(0, old.number_favourites + (result.is_favourited === old.is_favourited_by_current_user ? 0 : result.is_favourited ? 1 : -1)),
            }
          : old,
      );
      if (result.sent) void qc.invalidateQueries({ queryKey: scenarioKeys.all });
    },
  });
}
