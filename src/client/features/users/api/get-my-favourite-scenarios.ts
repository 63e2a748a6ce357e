// GET /api/scenarios/myfavourites for the Favourite Scenarios card on /me.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FavouriteScenario {
  id: number;
  uuid_id: string;
  name: string;
}

export async function getMyFavouriteScenarios(): Promise<FavouriteScenario[]> {
  const data = await api<FavouriteScenario[] | { scenarios?: FavouriteScenario[] }>('/api/scenarios/myfavourites');
  return Array.isArray(data) ? data : (data?.scenarios ?? []);
}

// The same key the scenarios feature uses for this call, so a favourite toggle refreshes this card too.
export const myFavouriteScenariosQueryKey = ['scenarios', 'myfavourites'] as const;

export const myFavouriteScenariosQueryOptions = () =>
  // Always re-checked on mount: favourites also change on the user's other devices.
  queryOptions({ queryKey: myFavouriteScenariosQueryKey, queryFn: getMyFavouriteScenarios, retry: false, staleTime: 0 });

export const useMyFavouriteScenarios = () => useQuery(myFavouriteScenariosQueryOptions());
